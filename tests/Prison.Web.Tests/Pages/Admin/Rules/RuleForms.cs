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

    /// <summary>
    /// A post to the rules pages as a hand-made request would send it, for a user the page shows no form: the
    /// antiforgery token from the sign-out page, the fields given.
    /// </summary>
    public static async Task<HttpResponseMessage> PostWithoutFormAsync(HttpClient client, string path, string handler, params (string Name, string Value)[] fields)
    {
        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-out"));
        return await client.PostAsync(
            $"{path}?handler={handler}",
            new FormUrlEncodedContent([new("__RequestVerificationToken", token), .. fields.Select(f => new KeyValuePair<string, string>(f.Name, f.Value))]));
    }

    /// <summary>The cells of an assembly's row on the rules page: the rules it brings, its approval, whether it is loaded.</summary>
    public static (string? Rules, string? Approval, string? Loaded) AssemblyRowOf(string html, string sha256)
    {
        var row = Regex.Match(html, $"<tr data-sha256=\"{Regex.Escape(sha256)}\">(.*?)</tr>", RegexOptions.Singleline).Groups[1].Value;
        return (Html.TextOf(row, "td", "data-role=\"rules\""), Html.TextOf(row, "td", "data-role=\"approval\""), Html.TextOf(row, "td", "data-role=\"loaded\""));
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

    /// <summary>Prisoners still waiting for a verdict of the rule set in force.</summary>
    private const string Stale = "danger_status = 'Unknown' OR rule_set IS DISTINCT FROM (SELECT rule_set FROM rule_set_in_force)";

    /// <summary>Waits until the runs a rule change started have all finished, and every verdict is of the rule set in force.</summary>
    public static async Task ReevaluatedAsync(ScratchDatabase database)
    {
        await Eventually.Async(() => RuleSetRunsAsync(database), runs => runs.Count > 0 && runs.All(r => r[1] == "finished"), "the re-evaluation after the rule change");
        try
        {
            await Eventually.Async(
                () => database.ScalarAsync<long>($"SELECT count(*) FROM prisoner WHERE {Stale}"),
                stale => stale == 0,
                "every verdict to be of the rule set in force");
        }
        catch (TimeoutException timeout)
        {
            // Say what was left: this wait once timed out when a batch evaluated with the previous rule set was left
            // unwritten, because another batch took up the new rule set meanwhile (see StaleRuleSetTests).
            var stale = await database.RowsAsync($"SELECT number, danger_status, coalesce(rule_set, '-'), change_version::text FROM prisoner WHERE {Stale}");
            var runs = await database.RowsAsync("SELECT started_by, rule_set, total::text, done::text, failed::text, coalesce(finished_at::text, 'running') FROM reevaluation_run");
            throw new TimeoutException(
                $"{timeout.Message}\nin force: {await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force")}" +
                $"\nstale (number, status, rule set, version): {string.Join("; ", stale.Select(r => string.Join(" ", r)))}" +
                $"\nruns (started by, rule set, total, done, failed, finished): {string.Join("; ", runs.Select(r => string.Join(" ", r)))}",
                timeout);
        }
    }

    public static async Task<IReadOnlyDictionary<string, string>> StatusesAsync(ScratchDatabase database) =>
        (await database.RowsAsync("SELECT number, danger_status FROM prisoner")).ToDictionary(r => r[0], r => r[1]);
}
