"""zerosum grade --set: agents against a named set of positions, from the command line."""

from zerosum.cli import main


def test_cli_reports_each_position_and_the_total(capsys):
    assert main(["grade", "connect4", "dummy", "--set", "course"]) == 0
    out = capsys.readouterr().out
    assert "set 'course': right dummy " in out
    assert "WRONG" in out and "right" in out
    assert "win-vertical-1" in out


def test_cli_refuses_an_unknown_set_in_one_line(capsys):
    assert main(["grade", "connect4", "dummy", "--set", "nope"]) == 2
    err = capsys.readouterr().err
    assert err == "zerosum: error: no Connect Four position set 'nope'; known: course\n"
