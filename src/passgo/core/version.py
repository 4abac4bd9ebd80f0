"""Engine and save-format versions (saved games record both)."""

#: The engine version that saves, views and reports record. It is raised whenever the golden
#: games change on purpose (a rule mended, a bot that plays otherwise): a save of another
#: version says so when it is loaded, and goes on from its saved state.
ENGINE_VERSION = "0.3.0"
SAVE_FORMAT_VERSION = 1
