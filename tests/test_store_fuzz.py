"""The Store's property test (issue 17; docs/storage.md, "The property test"): arbitrary JSON,
mutations of real records of every kind, torn texts, import texts and desktop store files.
No exception escapes, every other record stays intact, nothing is deleted without a copy.
A bounded number of examples here; bench/fuzz_store.py runs the same checks for longer."""
from hypothesis import HealthCheck, given, settings

import storefuzz as sf

BOUNDED = settings(max_examples=60, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_every_record_kind_has_a_real_example():
    assert sf.kinds_without_example() == [], "add a real record of the new kind to tests/storefuzz.py real_records()"


@BOUNDED
@given(sf.load_case())
def test_any_stored_text_loads_or_is_kept_aside(case):
    sf.check_load(*case)


@BOUNDED
@given(sf.import_text())
def test_any_import_is_refused_whole_or_written_whole_and_undone(text):
    sf.check_import(text)


@settings(BOUNDED, max_examples=30)
@given(sf.store_file())
def test_any_store_file_reads_or_is_moved_aside(content):
    sf.check_store_file(content)
