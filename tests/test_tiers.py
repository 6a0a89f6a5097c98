"""The test tiers (#36): the fuzzers search at a fixed count in `make test` and ten times wider in `make test-slow`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import settings

from tests.conftest import examples
from tests.web import test_fuzz, test_schemathesis

MAKEFILE = Path(__file__).resolve().parents[1] / "Makefile"


def test_a_search_takes_its_own_count_by_default_and_ten_times_it_in_the_slow_tier():
    assert examples(6) == 6
    try:
        settings.load_profile("slow")
        assert examples(6) == 60
    finally:
        settings.load_profile("default")


def test_the_fuzzers_search_less_in_make_test_and_come_back_wider_in_make_test_slow():
    assert test_fuzz.FUZZ.max_examples == test_fuzz.FORMS.max_examples == 10
    assert test_schemathesis.EXAMPLES == 6 and set(test_schemathesis.MORE.values()) == {15}
    for module in (test_fuzz, test_schemathesis):
        assert module.pytestmark == pytest.mark.search
    slow = re.search(r"^test-slow:.*\n\t(.*)$", MAKEFILE.read_text(), re.M).group(1)
    assert '-m "slow or search" --hypothesis-profile=slow' in slow
