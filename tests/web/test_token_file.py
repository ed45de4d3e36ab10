"""The kept serve token: its own private file (0600, made with O_EXCL), a token older versions
kept in settings moved there once, and `serve` printing addresses with or without one."""

from __future__ import annotations

import io
import os
import socket
import stat
from pathlib import Path

import pytest

from saves.paths import locations, serve_token_path
from saves.shared.serve_token import LEGACY_SETTING, keep_token, publish, read_kept
from saves.shared.settings import SettingsStore
from webserve import server
from webserve.access import Access, scan_key
from webserve.server import CompanionServer

KEPT = "K" * 64
"""The longest token a file may keep."""


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def started(monkeypatch: pytest.MonkeyPatch) -> list[CompanionServer]:
    """Record the servers `serve` would run, instead of running them."""
    servers: list[CompanionServer] = []

    def record(self: CompanionServer, listening: socket.socket) -> None:
        servers.append(self)
        listening.close()

    monkeypatch.setattr(CompanionServer, "serve_on", record)
    return servers


def test_the_token_file_is_listed_among_the_locations(tmp_path: Path) -> None:
    assert locations(tmp_path)["serve-token"] == serve_token_path(tmp_path)


def test_a_new_token_file_is_private_from_the_start_whatever_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0)
    try:
        kept = keep_token(tmp_path)
    finally:
        os.umask(previous)
    assert kept.problem is None
    path = serve_token_path(tmp_path)
    assert mode_of(path) == 0o600
    assert path.read_text("ascii").strip() == kept.token
    assert keep_token(tmp_path).token == kept.token  # kept between starts
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_a_token_file_readable_by_others_is_made_private_when_read(tmp_path: Path) -> None:
    path = serve_token_path(tmp_path)
    path.write_text(f"{KEPT}\n", "ascii")
    path.chmod(0o644)
    assert keep_token(tmp_path).token == KEPT
    assert mode_of(path) == 0o600


def test_a_token_of_the_wrong_shape_is_replaced_and_kept(tmp_path: Path) -> None:
    path = serve_token_path(tmp_path)
    path.write_text("1234\n", "ascii")
    token = keep_token(tmp_path).token
    assert token != "1234" and read_kept(tmp_path) == token and mode_of(path) == 0o600


def test_a_second_server_publishing_at_once_keeps_the_first_token(tmp_path: Path) -> None:
    first = publish(tmp_path, "a" * 22)
    assert publish(tmp_path, "b" * 22) == first == "a" * 22


def test_a_token_file_that_is_not_a_file_is_left_alone_and_said(tmp_path: Path) -> None:
    path = serve_token_path(tmp_path)
    os.mkfifo(path)
    kept = keep_token(tmp_path)
    assert kept.token and kept.problem is not None and "not a regular file" in kept.problem
    assert stat.S_ISFIFO(path.lstat().st_mode)
    path.unlink()
    path.symlink_to(tmp_path / "elsewhere")
    assert keep_token(tmp_path).problem is not None  # a link is never followed
    assert path.is_symlink()


def test_a_token_kept_in_settings_is_moved_to_its_file_once(tmp_path: Path) -> None:
    settings = SettingsStore(tmp_path)
    settings.set_preference("theme", "textual-light")
    settings.set_preference(LEGACY_SETTING, KEPT)
    assert keep_token(tmp_path).token == KEPT
    assert read_kept(tmp_path) == KEPT and mode_of(serve_token_path(tmp_path)) == 0o600
    again = SettingsStore(tmp_path)
    assert again.stored_preference(LEGACY_SETTING) is None  # no longer where every window reads
    assert again.preference("theme", "") == "textual-light"  # the rest of settings untouched
    settings.set_preference(LEGACY_SETTING, "Z" * 22)  # an old version wrote one again
    assert keep_token(tmp_path).token == KEPT  # the file wins; the stray one is removed
    assert SettingsStore(tmp_path).stored_preference(LEGACY_SETTING) is None


def test_serve_without_keep_token_still_takes_an_old_token_out_of_settings(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started(monkeypatch)
    SettingsStore(tmp_path).set_preference(LEGACY_SETTING, KEPT)
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=False, out=io.StringIO())
    assert SettingsStore(tmp_path).stored_preference(LEGACY_SETTING) is None
    assert read_kept(tmp_path) == KEPT  # kept for the next --keep-token


def test_on_the_network_two_qr_codes_and_short_addresses_with_a_new_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    first, second = io.StringIO(), io.StringIO()
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=False, out=first)
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=False, out=second)
    tokens = [s.access.token for s in servers]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    printed = first.getvalue()
    assert f"/s/{scan_key(tokens[0])}" in printed and f"/t/{scan_key(tokens[0])}" in printed
    assert "▀" in printed  # the codes
    assert not serve_token_path(tmp_path).exists()  # nothing kept


def test_keep_token_keeps_one_token_in_its_file_between_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    for _ in range(2):
        server.serve(tmp_path, "0.0.0.0", 0, keep_token=True, out=io.StringIO())
    kept = read_kept(tmp_path)
    assert kept and [s.access.token for s in servers] == [kept, kept]
    assert servers[0].keep_token
    assert not (tmp_path / "settings.toml").exists()  # the token is never in settings


def test_a_token_that_cannot_be_kept_is_used_once_and_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    serve_token_path(tmp_path).mkdir()
    out = io.StringIO()
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=True, out=out)
    assert servers[0].access.token
    assert "for this start only" in out.getvalue()


def test_locally_no_token_and_no_qr_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    servers = started(monkeypatch)
    out = io.StringIO()
    assert server.serve(tmp_path, "127.0.0.1", 0, keep_token=False, out=out) == 0
    assert servers[0].access == Access("127.0.0.1", None)
    printed = out.getvalue()
    assert "http://127.0.0.1:" in printed and "/table" in printed and "token" not in printed
    assert "▀" not in printed
