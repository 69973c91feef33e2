namespace Prison.Web.Pages.Overview;

/// <summary>
/// A prison's Dangerous count at the end of any day from the count now and the net change of each day since (the
/// rows of prison_dangerous_day summed by day): the count now less the changes of the days after it. A day before
/// <paramref name="keptSince"/> has no figure: its changes were never kept.
/// </summary>
public sealed class DailyFigures(int dangerousNow, IEnumerable<(DateOnly Day, int Change)> changes, DateOnly keptSince)
{
    private readonly List<(DateOnly Day, int Change)> _changes = [.. changes.OrderBy(c => c.Day)];

    public int? AtEndOf(DateOnly day)
    {
        if (day < keptSince)
        {
            return null;
        }

        var figure = dangerousNow;
        for (var i = _changes.Count - 1; i >= 0 && _changes[i].Day > day; i--)
        {
            figure -= _changes[i].Change;
        }

        return figure;
    }
}
