"""The saved-games list: its cache, the reading of the games folder, and the worker processes that
replay many saves at once when the cache cannot give them."""
