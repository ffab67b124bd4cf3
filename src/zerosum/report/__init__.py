"""Reports of arena results: terminal and HTML tables, JSON/CSV/pandas exports, charts."""
