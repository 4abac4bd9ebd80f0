"""Engine and save-format versions (saved games record both)."""

#: The engine version that saves, views and reports record.
ENGINE_VERSION = "0.1.0"
SAVE_FORMAT_VERSION = 1
