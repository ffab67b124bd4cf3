"""The notebook's HTML drawings, kept importable here (``from zerosum.display import
Table``): they live in :mod:`zerosum.report.display`."""

from .report.display import Table, board_html, record_html, search_html, table_html

__all__ = ["Table", "board_html", "record_html", "search_html", "table_html"]
