using System.Globalization;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Prisons;

/// <summary>
/// What "Coming up" was asked for, from the query string: how many days ahead (<see cref="Days"/>, from 1 to the
/// worker's horizon) and where the page starts (<see cref="After"/>). Anything else is refused with words, before any read.
/// </summary>
public sealed class ComingUpForm
{
    /// <summary>A week: what a supervisor plans escorts, cell moves and watches by.</summary>
    public const int DefaultDays = 7;

    /// <summary>The worker forecasts no further than this.</summary>
    public const int MostDays = Forecast.HorizonDays;

    public string? Days { get; set; }

    public string? After { get; set; }

    public bool TryRead(out int days, out ComingUpCursor? after, out string? refusal)
    {
        days = DefaultDays;
        after = null;
        refusal = null;
        if (!string.IsNullOrWhiteSpace(Days)
            && !(int.TryParse(Days.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out days) && days is >= 1 and <= MostDays))
        {
            refusal = $"'{Days}' is not a number of days from 1 to {MostDays}: the worker looks {MostDays} days ahead at most.";
            return false;
        }

        if (!string.IsNullOrWhiteSpace(After) && !ComingUpCursor.TryParse(After.Trim(), out after))
        {
            refusal = $"'{After}' is not where a page of this list ends. Start again from the first page.";
            return false;
        }

        return true;
    }

    public static string PathOf(string prisonCode, int days = DefaultDays, ComingUpCursor? after = null)
    {
        var query = new List<string>();
        if (days != DefaultDays)
        {
            query.Add($"days={days.ToString(CultureInfo.InvariantCulture)}");
        }

        if (after is not null)
        {
            query.Add($"after={Uri.EscapeDataString(after.ToString())}");
        }

        return $"/prisons/{Uri.EscapeDataString(prisonCode)}/coming-up" + (query.Count == 0 ? "" : "?" + string.Join('&', query));
    }
}
