"""The small files every window shares: the lock rule they are all changed under, the settings,
the roll history, who sits at which device, the device memory and the serve token."""
