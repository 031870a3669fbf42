"""Course Schedule I and II (LeetCode 207 and 210): topological sort on prerequisite pairs."""

from __future__ import annotations

from graphs._validate import check_count, check_edges
from graphs.toposort import CycleError, topological_sort_kahn

__all__ = ["can_finish", "find_order"]


def _course_order(num_courses: object, prerequisites: object) -> list[int] | None:
    """Kahn's order of the courses (:func:`graphs.topological_sort_kahn`), or ``None`` on a cycle.

    The pairs are checked here first, so that an error names LeetCode's arguments
    (``num_courses``, ``prerequisites``) rather than the sort's.
    """
    n = check_count(num_courses, "num_courses")
    after, before = check_edges(n, prerequisites, "prerequisites")  # [a, b]: b comes before a
    try:
        return topological_sort_kahn(n, zip(before, after, strict=True))
    except CycleError:
        return None


def can_finish(num_courses: int, prerequisites: object) -> bool:
    """Whether all courses can be taken (LeetCode 207).

    Parameters
    ----------
    num_courses : int
        Number of courses, labelled ``0 .. num_courses - 1``.
    prerequisites : iterable of pairs of int
        ``[a, b]`` means course ``b`` must be taken before course ``a`` (the edge ``b -> a``).

    Returns
    -------
    bool
        True exactly when the prerequisite graph has no directed cycle.

    Raises
    ------
    ValueError
        If ``num_courses`` is negative, a pair is not a pair, or a course id is outside
        ``[0, num_courses)`` (``prerequisites[3]: node 7 is outside [0, 5)``).
    TypeError
        If ``num_courses`` or a course id is not an int.

    Examples
    --------
    >>> can_finish(2, [[1, 0]])
    True
    >>> can_finish(2, [[1, 0], [0, 1]])
    False

    Notes
    -----
    Time and space ``O(V + E)`` with ``V = num_courses`` and ``E = len(prerequisites)``
    (Kahn's algorithm, :func:`graphs.topological_sort_kahn`).
    The study record, in Korean: ``graphs/records/can_finish.md``.

    References
    ----------
    .. [1] LeetCode 207, "Course Schedule".
    """
    return _course_order(num_courses, prerequisites) is not None


def find_order(num_courses: int, prerequisites: object) -> list[int]:
    """An order in which to take all courses, or ``[]`` if there is none (LeetCode 210).

    Parameters
    ----------
    num_courses : int
        Number of courses, labelled ``0 .. num_courses - 1``.
    prerequisites : iterable of pairs of int
        ``[a, b]`` means course ``b`` must be taken before course ``a``.

    Returns
    -------
    list of int
        Every course once, each after all of its prerequisites; ``[]`` when a cycle makes that
        impossible (and also, trivially, when ``num_courses == 0``).

    Raises
    ------
    ValueError
        If ``num_courses`` is negative, a pair is not a pair, or a course id is out of range.
    TypeError
        If ``num_courses`` or a course id is not an int.

    Examples
    --------
    >>> find_order(2, [[1, 0]])
    [0, 1]
    >>> find_order(4, [[1, 0], [2, 0], [3, 1], [3, 2]])
    [0, 1, 2, 3]
    >>> find_order(2, [[0, 1], [1, 0]])
    []

    Notes
    -----
    Time and space ``O(V + E)`` with ``V = num_courses`` and ``E = len(prerequisites)``
    (Kahn's algorithm, :func:`graphs.topological_sort_kahn`).
    The study record, in Korean: ``graphs/records/find_order.md``.

    References
    ----------
    .. [1] LeetCode 210, "Course Schedule II".
    """
    order = _course_order(num_courses, prerequisites)
    return [] if order is None else order
