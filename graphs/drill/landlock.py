"""Linux's unprivileged sandbox (landlock(7)) for the student's process: what it may reach.

The runner (:mod:`graphs.drill.runner`) calls :func:`isolate` before any thread starts and
before it loads the student's file: from then on that process and everything it starts can
read only Python's own installation and the system's libraries (:func:`landlock_rules`), write
only its temporary folder, and neither connect over TCP nor signal a process outside. The
checkout, the practice records (``drills/``) and ``/proc`` are out of reach. Where the kernel
has no Landlock (:func:`landlock_abi` is 0) nothing is confined. The runner loads this file by
its path (it runs ``python -I``, without its folder on the path), so it imports only the
standard library.
"""

from __future__ import annotations

import ctypes
import errno
import os
import stat
import sys
from typing import Any

__all__ = ["isolate", "landlock_abi", "landlock_rights_all", "landlock_rules"]

# Linux's unprivileged sandbox (landlock(7)): x86-64 and arm64 share these syscall numbers.
SYS_LANDLOCK_CREATE_RULESET, SYS_LANDLOCK_ADD_RULE, SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38
# Filesystem rights (ABI 1: bits 0-12; ABI 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV).
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_REFER, FS_TRUNCATE, FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
FS_ABI_1 = (1 << 13) - 1
FS_FILE_ONLY = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV
READ = FS_EXECUTE | FS_READ_FILE | FS_READ_DIR
NET_TCP = (1 << 0) | (1 << 1)  # bind and connect (ABI 4): no rule allows any port
SCOPES = (1 << 0) | (1 << 1)  # abstract unix sockets and signals outside the sandbox (ABI 6)
#: Where the dynamic loader and Python's extension modules find what they need (read only).
SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/etc")


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]  # fmt: skip


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1  # __attribute__((packed)) in <linux/landlock.h>
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _syscall() -> Any:
    libc = ctypes.CDLL(None, use_errno=True)  # the symbols already loaded: no ldconfig run
    libc.syscall.restype = ctypes.c_long
    return libc


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, or 0 when it has none (too old, or disabled at boot).

    Examples
    --------
    >>> landlock_abi() >= 0
    True
    """
    if not sys.platform.startswith("linux"):
        return 0
    libc = _syscall()
    abi = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0),
                       ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))  # fmt: skip
    return max(int(abi), 0)  # -1 with ENOSYS (no such syscall) or EOPNOTSUPP (disabled)


def landlock_rules(workdir: str) -> list[tuple[str, int]]:
    """What the solution may reach: ``(path, rights)`` beneath each path.

    Read (and execute) only: the folders of this interpreter's ``sys.path`` that lie inside its
    installation (``sys.prefix`` and the base prefixes: the standard library, its extension
    modules, site-packages; never the checkout, even if a ``.pth`` file put it on the path), the
    interpreter itself and :data:`SYSTEM_DIRS`. Read and write: ``workdir`` (the solution's own
    temporary folder) and ``/dev/null``. Nothing else: not the checkout, not ``drills/``, not
    ``/proc`` (no parent's working directory, command line or environment), not ``/tmp``.

    Examples
    --------
    >>> ("/tmp/drill-x", landlock_rights_all()) in landlock_rules("/tmp/drill-x")
    True
    """
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.exec_prefix, sys.base_prefix,
                                               sys.base_exec_prefix)}  # fmt: skip
    rules: list[tuple[str, int]] = []
    for entry in sys.path:
        real = os.path.realpath(entry) if entry else ""
        if real and any(real == p or real.startswith(p + os.sep) for p in prefixes):
            rules.append((real, READ))
    if sys.executable:
        rules.append((os.path.realpath(sys.executable), FS_EXECUTE | FS_READ_FILE))
    rules += [(path, READ) for path in SYSTEM_DIRS]
    rules += [("/dev/null", FS_READ_FILE | FS_WRITE_FILE | FS_TRUNCATE),
              ("/dev/urandom", FS_READ_FILE), ("/dev/zero", FS_READ_FILE)]  # fmt: skip
    rules.append((workdir, landlock_rights_all()))
    return rules


def landlock_rights_all() -> int:
    """Every filesystem right Landlock knows (as of ABI 5): the solution's own folder has them."""
    return FS_ABI_1 | FS_REFER | FS_TRUNCATE | FS_IOCTL_DEV


def isolate(workdir: str) -> int:
    """Confine this process and the threads and processes it starts later to
    :func:`landlock_rules`, with no TCP and no signal to a process outside; the ABI used.

    Call it before any thread starts: Landlock confines the calling thread and its future
    children only. Cheap: a dozen system calls.

    Raises
    ------
    OSError
        If the kernel refused (ENOSYS or EOPNOTSUPP: no Landlock; anything else: a bug).
    """
    libc = _syscall()
    abi = landlock_abi()
    if abi <= 0:
        raise OSError(errno.ENOSYS, "Landlock is not available")

    def check(result: int, what: str) -> int:
        if result < 0:
            code = ctypes.get_errno()
            raise OSError(code, f"{what}: {os.strerror(code)}")
        return result

    handled = FS_ABI_1 | (FS_REFER if abi >= 2 else 0) | (FS_TRUNCATE if abi >= 3 else 0)
    handled |= FS_IOCTL_DEV if abi >= 5 else 0
    attr = _RulesetAttr(handled, NET_TCP if abi >= 4 else 0, SCOPES if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24  # the struct as this ABI knows it
    ruleset = check(libc.syscall(SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr),
                                 ctypes.c_size_t(size), ctypes.c_uint32(0)),
                    "landlock_create_ruleset")  # fmt: skip
    try:
        for path, rights in landlock_rules(workdir):
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # not on this system: nothing to allow
            try:
                if not stat.S_ISDIR(os.fstat(fd).st_mode):
                    rights &= FS_FILE_ONLY
                beneath = _PathBeneathAttr(rights & handled, fd)
                check(libc.syscall(SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset),
                                   ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH),
                                   ctypes.byref(beneath), ctypes.c_uint32(0)),
                      f"landlock_add_rule({path})")  # fmt: skip
            finally:
                os.close(fd)
        check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")
        check(libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)),
              "landlock_restrict_self")  # fmt: skip
    finally:
        os.close(ruleset)
    return abi
