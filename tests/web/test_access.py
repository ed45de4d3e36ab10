"""Who may open the served app: the host it answers on, the token, the page's own websocket."""

from __future__ import annotations

import argparse

import pytest

from webserve.access import (
    FORBIDDEN_HOST,
    FORBIDDEN_ORIGIN,
    FORBIDDEN_TOKEN,
    TOKEN_ROUTES,
    Access,
    address_of,
    is_loopback,
    new_token,
    port_number,
    scan_key,
    usable_token,
)

TOKEN = "k" * 22
NETWORK = Access("0.0.0.0", TOKEN)
LOCAL = Access("127.0.0.1", None)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.1", "::1", "localhost", "LOCALHOST"])
def test_loopback_hosts_are_this_computer_only(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "example.org", ""])
def test_other_hosts_reach_the_network(host: str) -> None:
    assert not is_loopback(host)


@pytest.mark.parametrize("given", ["", "wrong", TOKEN[:-1], TOKEN + "x", TOKEN.upper()])
def test_on_the_network_a_missing_or_wrong_token_is_refused(given: str) -> None:
    assert NETWORK.refusal("/", given, "192.168.1.20:8000", None) == FORBIDDEN_TOKEN
    assert NETWORK.refusal("/ws", given, "192.168.1.20:8000", None) == FORBIDDEN_TOKEN


def test_on_the_network_the_right_token_opens_the_page_and_its_websocket() -> None:
    assert NETWORK.refusal("/", TOKEN, "192.168.1.20:8000", None) is None
    origin = "http://192.168.1.20:8000"
    assert NETWORK.refusal("/ws", TOKEN, "192.168.1.20:8000", origin) is None


def test_the_static_files_need_no_token_they_hold_no_game() -> None:
    assert NETWORK.refusal("/static/js/textual.js", "", "192.168.1.20:8000", None) is None


def test_a_websocket_opened_by_another_site_is_refused_even_with_the_token() -> None:
    refusal = NETWORK.refusal("/ws", TOKEN, "192.168.1.20:8000", "http://evil.example")
    assert refusal == FORBIDDEN_ORIGIN
    assert LOCAL.refusal("/ws", "", "127.0.0.1:8000", "http://evil.example") == FORBIDDEN_ORIGIN


def test_locally_no_token_is_needed_but_the_host_must_be_this_computer() -> None:
    assert LOCAL.refusal("/", "", "127.0.0.1:8000", None) is None
    assert LOCAL.refusal("/", "", "localhost:8000", None) is None
    assert LOCAL.refusal("/", "", "[::1]:8000", None) is None
    # a page elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding) is refused
    assert LOCAL.refusal("/", "", "evil.example:8000", None) == FORBIDDEN_HOST
    assert LOCAL.refusal("/static/css/xterm.css", "", "evil.example:8000", None) == FORBIDDEN_HOST


def test_tokens_are_new_each_time_and_a_kept_one_must_look_like_one() -> None:
    first, second = new_token(), new_token()
    assert first != second and usable_token(first) == first
    assert usable_token("short") is None
    assert usable_token(12345678901234567890123) is None
    assert usable_token("has spaces and is long enough to pass") is None


def test_the_address_carries_the_token_and_brackets_an_ipv6_host() -> None:
    assert address_of("192.168.1.20", 8000, TOKEN) == f"http://192.168.1.20:8000/?token={TOKEN}"
    assert address_of("127.0.0.1", 8123, None) == "http://127.0.0.1:8123/"
    assert address_of("fe80::1", 80, None) == "http://[fe80::1]:80/"


@pytest.mark.parametrize("text", ["0", "8000", "65535"])
def test_ports_in_range_are_taken(text: str) -> None:
    assert port_number(text) == int(text)


@pytest.mark.parametrize("text", ["65536", "70000", "-1", "80.5", "", "http", "1e3"])
def test_ports_out_of_range_are_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="is not a port"):
        port_number(text)


def test_a_scan_key_opens_its_page_only_with_the_right_key() -> None:
    key = scan_key(TOKEN)
    assert len(key) == 20 and key.isupper() and key != scan_key("j" * 22)
    assert NETWORK.scan_target(f"/s/{key}") == "/"
    assert NETWORK.scan_target(f"/t/{key.lower()}") == "/table"
    for path in (f"/s/{key[:-1]}", f"/s/{key}x", "/s/", f"/x/{key}", f"/{key}"):
        assert NETWORK.scan_target(path) is None
    assert LOCAL.scan_target(f"/s/{key}") is None
    assert NETWORK.refusal(f"/s/{key}", "", "192.168.1.2:8000", None) is None
    assert NETWORK.refusal(f"/s/{key[:-1]}", "", "192.168.1.2:8000", None) == FORBIDDEN_TOKEN


def test_every_page_and_websocket_needs_the_token() -> None:
    for route in TOKEN_ROUTES:
        path = route.replace("{key}", "k")
        assert NETWORK.refusal(path, "", "192.168.1.2:8000", None) == FORBIDDEN_TOKEN
        assert NETWORK.refusal(path, TOKEN, "192.168.1.2:8000", None) is None
