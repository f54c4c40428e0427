"""The witnesses are the seeds, byte for byte, and a changed byte is caught."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from edition.texts.errors import EditionError
from edition.texts.witnesses import load_witnesses
from tests.corpus_pins import WITNESSES

ROOT = Path(__file__).resolve().parents[2]
WITNESS_DIR = ROOT / "content" / "witnesses"
SEEDS = ROOT.parent / "shared" / "seeds"

EXPECTED_IDS = list(WITNESSES)


def test_registry_lists_the_witnesses():
    assert list(load_witnesses(WITNESS_DIR)) == EXPECTED_IDS


@pytest.mark.parametrize("wid", EXPECTED_IDS)
def test_witness_file_has_its_recorded_sha256(wid):
    w = load_witnesses(WITNESS_DIR)[wid]
    assert hashlib.sha256(w.path.read_bytes()).hexdigest() == w.sha256
    w.verify()


@pytest.mark.skipif(not SEEDS.exists(), reason="shared/seeds/ is not beside this checkout")
@pytest.mark.parametrize("wid", EXPECTED_IDS)
def test_witness_file_is_identical_to_the_seed(wid):
    w = load_witnesses(WITNESS_DIR)[wid]
    assert w.path.read_bytes() == (SEEDS / w.path.name).read_bytes()


def test_a_changed_witness_byte_fails_verification(tmp_path):
    copy = tmp_path / "content" / "witnesses"
    shutil.copytree(WITNESS_DIR, copy)
    shutil.copytree(ROOT / "content" / "schemas", tmp_path / "content" / "schemas")
    target = copy / load_witnesses(copy)["001"].path.name
    data = bytearray(target.read_bytes())
    data[100] ^= 0x01
    target.write_bytes(bytes(data))
    with pytest.raises(EditionError) as info:
        load_witnesses(copy)["001"].verify()
    assert "witness 001 has SHA-256" in str(info.value)
    assert "never edited" in str(info.value)
