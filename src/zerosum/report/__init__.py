"""Reports of arena results: terminal and HTML tables, JSON/CSV/pandas exports, charts;
and the notebook's drawings of a game record and a search summary (:mod:`.display`).

The records these draw live on the floor below (:mod:`zerosum.records`) and do not import
this package: importing it hands its drawings to them (``result.table()``,
``record._repr_html_()``), and ``import zerosum`` imports it."""

from ..agents.base import SearchInfo
from ..records import results as _results
from ..records import show as _show
from ..records.game import GameRecord
from . import display, export, page, plots, tables

_show.register_html(GameRecord, display.game_html)
_show.register_html(SearchInfo, display.search_html)
_results.report_with(
    _results.Reporter(
        table=tables.result_tables,
        html=tables.result_html,
        to_dict=export.result_to_dict,
        write_json=export.write_json,
        write_csv=export.write_csv,
        write_html=page.write_html,
        to_pandas=export.to_pandas,
        plot=plots.plot_result,
    )
)

__all__ = ["display", "export", "page", "plots", "tables"]
