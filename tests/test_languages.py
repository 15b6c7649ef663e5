import importlib.util

import pytest

from mbxp.languages import LANGUAGES, PLANNED, get_language, parse_languages


def has_module(kind, language):
    return importlib.util.find_spec(f"mbxp.{kind}.{language}") is not None


def test_planned_languages_are_exactly_the_missing_ones():
    missing = {lang for lang in LANGUAGES if not (has_module("conversion.emitters", lang)
                                                   and has_module("runners.specs", lang))}
    assert missing == PLANNED


def test_names_aliases_and_unknown():
    assert get_language("Kotlin").name == "kotlin" and get_language("c++").name == "cpp"
    assert get_language("mbkp").name == "kotlin"
    with pytest.raises(ValueError, match="known: python, java"):
        get_language("cobol")
    assert parse_languages("java, kotlin") == ["java", "kotlin"]
