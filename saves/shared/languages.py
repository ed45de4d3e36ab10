"""Where each device's choice of language is kept: the settings' `[preferences]`.

A terminal's choice is `language`; a device of `companion serve` keeps its own, by its public id,
in the table `device_languages`, so a French phone and a German phone at one table each keep
theirs (a browser without a choice of its own goes by what it asks for, never the terminal's).
The value is a language's code, or "system". The command line reads it at start
(companion/cli/language.py) and the app keeps what the player picks (widgets/shell/language.py).
"""

from __future__ import annotations

from saves.shared.devices import Device
from saves.shared.settings import SettingsStore

LANGUAGE_SETTING = "language"
DEVICE_SETTING = "device_languages"


def chosen_language(settings: SettingsStore, device: Device) -> str | None:
    """The language chosen in the app on this device (None when never chosen)."""
    if device.browser:
        table = settings.stored_preference(DEVICE_SETTING)
        value = table.get(device.id) if isinstance(table, dict) else None
    else:
        value = settings.stored_preference(LANGUAGE_SETTING)
    return value if isinstance(value, str) else None


def keep_language(settings: SettingsStore, device: Device, code: str) -> None:
    """Keep this device's choice for its next start (a failed write is said by the settings'
    own report, and the language is used now all the same)."""
    if not device.browser:
        settings.set_preference(LANGUAGE_SETTING, code)
        return
    table = settings.stored_preference(DEVICE_SETTING)
    kept = dict(table) if isinstance(table, dict) else {}
    kept[device.id] = code
    settings.set_preference(DEVICE_SETTING, kept)
