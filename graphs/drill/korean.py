"""Korean particles that fit the word before them: ``2와 4는``, ``3과 1은``, ``true를``.

A Korean particle has two forms, one after a final consonant (받침) and one after a vowel:
은/는, 이/가, 을/를, 과/와, and 으로/로 (which takes 로 after ㄹ as after a vowel). The drill's
messages put particles after numbers, values and names, so :func:`particle` reads the end of
the word the way a Korean reader says it:

- a Hangul syllable by its own final consonant;
- a number by its Korean reading: the last non-zero digit (영, 일, 이, 삼, 사, 오, 육, 칠, 팔,
  구), or the unit a run of trailing zeros is read as (십, 백, 천, 만: all end in a consonant);
- a few English words the messages show by their usual reading (``true`` 트루, ``false`` 폴스,
  ``null`` 널, ``None`` 논); a Latin letter alone by its name (``X`` 엑스, ``O`` 오, ``L`` 엘,
  ``M`` 엠, ``N`` 엔, ``R`` 알); any other English word as Korean usually writes it, with a
  final consonant only after ``-l``, ``-m``, ``-n`` and ``-ng`` (``board`` 보드,
  ``findRedundantConnection`` ...커넥션, ``orangesRotting`` ...로팅);
- closing brackets, quotes and spaces are skipped (``[1, 2]`` ends in 2, ``'X'`` in X).

Only what none of these reads (a symbol, an empty string) gets the combined form ``을(를)``.

Examples
--------
>>> f"2{particle(2, '와')} 4{particle(4, '는')}, 3{particle(3, '과')} 1{particle(1, '은')}"
'2와 4는, 3과 1은'
>>> [particle(word, "을") for word in ("true", "null", "[1, 2]", "10", "판정", "board")]
['를', '을', '를', '을', '을', '를']
"""

from __future__ import annotations

__all__ = ["has_final_consonant", "particle", "with_particle"]

# (after a final consonant, after a vowel) for each particle, under either of its forms.
_PAIRS = {
    form: pair
    for pair in (("은", "는"), ("이", "가"), ("을", "를"), ("과", "와"), ("으로", "로"))
    for form in pair
}
# Digits as read in Korean (영 일 이 삼 사 오 육 칠 팔 구): whether each ends in a consonant.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                "7": "ㄹ", "8": "ㄹ", "9": ""}  # fmt: skip
# The units a number ending in zeros is read with: 십 백 천, then 만 억 조 경 해 (10^4 .. 10^20);
# 조 and 해 end in a vowel.
_SMALL_UNIT_FINAL = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ"}
_BIG_UNIT_FINAL = ("", "ㄴ", "ㄱ", "", "ㅇ", "")
# Latin letters by their names (에이, 비, 씨, ...): only these end in a consonant.
_LETTER_FINAL = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ", "r": "ㄹ"}
# Words the messages show, by their usual Korean reading.
_WORD_FINAL = {"true": "", "false": "", "null": "ㄹ", "none": "ㄴ", "nan": "ㄴ", "inf": ""}
_SKIPPED = " \t\n)]}>'\"`.,;:!?"
_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"


def _final(word: str) -> str | None:
    """The final consonant the word is read with ('' for a vowel), or None if unreadable."""
    text = word.rstrip(_SKIPPED)
    if not text:
        return None
    last = text[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return _FINALS[(ord(last) - _HANGUL_FIRST) % 28].strip()
    if last.isdigit() and last.isascii():
        digits = text[len(text.rstrip("0123456789")) :]
        if int(digits) == 0:
            return "ㅇ"  # 영
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros == 0:
            return _DIGIT_FINAL[digits[-1]]
        if zeros < 4:  # read as a unit: 십, 백, 천
            return _SMALL_UNIT_FINAL[zeros]
        big = zeros // 4  # 50000 오만, 500000 오십만: the big unit is said last
        return _BIG_UNIT_FINAL[big] if big < len(_BIG_UNIT_FINAL) else None
    if last.isascii() and last.isalpha():
        word = text[len(text.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")) :]
        word = word.lower()
        if word in _WORD_FINAL:
            return _WORD_FINAL[word]
        if len(word) == 1:  # a letter alone is read by its name
            return _LETTER_FINAL.get(word, "")
        if word.endswith("ng"):  # an English word as Korean writes it: rotting 로팅, board 보드
            return "ㅇ"
        return {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ"}.get(word[-1], "")
    return None


def has_final_consonant(word: str | int) -> bool | None:
    """Whether ``word`` is read ending in a consonant (받침); None if it cannot be read.

    Examples
    --------
    >>> has_final_consonant(3), has_final_consonant(2), has_final_consonant(100)
    (True, False, True)
    >>> has_final_consonant("…") is None
    True
    """
    final = _final(str(word))
    return None if final is None else final != ""


def particle(word: str | int, form: str) -> str:
    """The form of the particle ``form`` that fits after ``word``.

    Parameters
    ----------
    word : str or int
        What the particle follows, as it is printed (a number, a value, a Korean word).
    form : str
        Either form of the particle: ``"은"`` or ``"는"``, ``"이"`` or ``"가"``, ``"을"`` or
        ``"를"``, ``"과"`` or ``"와"``, ``"으로"`` or ``"로"``.

    Returns
    -------
    str
        The fitting form; ``"을(를)"``-style only when ``word`` ends in nothing readable.

    Raises
    ------
    ValueError
        If ``form`` is not one of the particles above.

    Examples
    --------
    >>> [particle(n, "는") for n in (0, 1, 2, 5, 6, 9, 10, 20, 2000)]
    ['은', '은', '는', '는', '은', '는', '은', '은', '은']
    >>> particle(7, "으로"), particle(3, "로"), particle(2, "으로")
    ('로', '으로', '로')
    >>> particle("?", "이")
    '이(가)'
    """
    pair = _PAIRS.get(form)
    if pair is None:
        raise ValueError(f"form: expected one of {', '.join(_PAIRS)}, got {form!r}")
    final = _final(str(word))
    if final is None:
        return f"{pair[0]}({pair[1]})"
    if pair[0] == "으로" and final == "ㄹ":
        return "로"
    return pair[0] if final else pair[1]


def with_particle(word: str | int, form: str) -> str:
    """``word`` followed by the form of ``form`` that fits it.

    Examples
    --------
    >>> with_particle(4, "과"), with_particle("false", "을"), with_particle("그래프", "은")
    ('4와', 'false를', '그래프는')
    """
    return f"{word}{particle(word, form)}"
