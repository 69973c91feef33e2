using System.Text.RegularExpressions;

namespace Prison.Web.Tests.Pages.Admin.Rules;

/// <summary>Drives the rules pages over HTTP as the forms do: preview with a reason, then apply.</summary>
internal static class RuleForms
{
    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string code, string handler, string reason)
    {
        var page = await client.GetStringAsync($"/admin/rules/{code}");
        var token = Html.InputValue(page, "__RequestVerificationToken")!;
        return await client.PostAsync(
            $"/admin/rules/{code}?handler={handler}",
            new FormUrlEncodedContent([new("__RequestVerificationToken", token), new("Reason", reason)]));
    }

    /// <summary>The preview's two numbers: would become Not dangerous, would become Dangerous.</summary>
    public static (int NotDangerous, int Dangerous) PreviewOf(string html) =>
        (int.Parse(Html.TextOf(html, "strong", "data-role=\"not-dangerous\"")!, System.Globalization.CultureInfo.InvariantCulture),
         int.Parse(Html.TextOf(html, "strong", "data-role=\"dangerous\"")!, System.Globalization.CultureInfo.InvariantCulture));

    /// <summary>The "Fires for" and "Enabled" cells of a rule's row on the rules page.</summary>
    public static (string Enabled, int Firing) RowOf(string html, string code)
    {
        var row = Regex.Match(html, $"<tr data-rule-code=\"{Regex.Escape(code)}\">(.*?)</tr>", RegexOptions.Singleline).Groups[1].Value;
        return (Html.TextOf(row, "td", "data-role=\"enabled\"")!, int.Parse(Html.TextOf(row, "td", "data-role=\"firing\"")!, System.Globalization.CultureInfo.InvariantCulture));
    }

    public static Task<IReadOnlyList<string[]>> RuleSetRunsAsync(ScratchDatabase database) =>
        database.RowsAsync("SELECT id, CASE WHEN finished_at IS NULL THEN 'running' ELSE 'finished' END, rule_set FROM reevaluation_run WHERE started_by = 'rule set changed'");

    /// <summary>Waits until the runs a rule change started have all finished, and every verdict is of the rule set in force.</summary>
    public static async Task ReevaluatedAsync(ScratchDatabase database)
    {
        await Eventually.Async(() => RuleSetRunsAsync(database), runs => runs.Count > 0 && runs.All(r => r[1] == "finished"), "the re-evaluation after the rule change");
        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown' OR rule_set IS DISTINCT FROM (SELECT rule_set FROM rule_set_in_force)"),
            stale => stale == 0,
            "every verdict to be of the rule set in force");
    }

    public static async Task<IReadOnlyDictionary<string, string>> StatusesAsync(ScratchDatabase database) =>
        (await database.RowsAsync("SELECT number, danger_status FROM prisoner")).ToDictionary(r => r[0], r => r[1]);
}
