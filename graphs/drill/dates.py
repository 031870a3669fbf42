"""The ``--date`` of the drill commands: exactly ``YYYY-MM-DD``, refused in English and Korean.

``list`` and ``review`` take any real day (the records as they stood at its end); the commands that
append (``start``, ``hint``, ``check``, ``solved``) take a day a record can hold, from
:data:`graphs.drill.events.FIRST_DAY` to tomorrow.
"""

from __future__ import annotations

import datetime as dt

from graphs.drill import practice
from graphs.drill.events import FIRST_DAY, last_day
from graphs.drill.views import UsageError

__all__ = ["DATE_KO", "parse_date", "record_day"]

DATE_KO = "YYYY-MM-DD 꼴의 실제 날짜(예: 2026-10-05)를 적는다"


def parse_date(text: str) -> dt.date:
    """``--date`` as a day (exactly ``YYYY-MM-DD``), said in English and Korean when refused.

    Raises
    ------
    UsageError
        Naming ``--date``.

    Examples
    --------
    >>> parse_date("2026-10-05")
    datetime.date(2026, 10, 5)
    >>> try:
    ...     parse_date("20261005")
    ... except UsageError as err:
    ...     print(str(err).replace(DATE_KO, "..."))
    --date: expected a real date as YYYY-MM-DD, got '20261005' (...)
    """
    try:
        return practice.parse_day(text, "--date")
    except ValueError as err:
        raise UsageError(f"{err} ({DATE_KO})") from None


def record_day(text: str) -> dt.date:
    """``--date`` of a command that appends: a day from 2015-01-01 to tomorrow (a record dated
    elsewhere would be skipped by every reader).

    Raises
    ------
    UsageError
        Naming ``--date``, in English and Korean.
    """
    day = parse_date(text)
    last = last_day()
    if not FIRST_DAY <= day <= last:
        raise UsageError(
            f"--date: expected a day from {FIRST_DAY} to {last}, got {day}"
            f" (기록할 수 있는 날은 {FIRST_DAY}부터 {last}까지다)"
        )
    return day
