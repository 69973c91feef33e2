using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Rules;
using Prison.Runtime.Evaluation;
using Prison.Worker.Import;
using Microsoft.EntityFrameworkCore;

namespace Prison.Worker.Tests.Import;

/// <summary>
/// Real days of NYC DOC data from the project's shared folder (../shared beside the repository), imported once for the
/// class: the first three, then the rest.
/// </summary>
public class RealCustodyDaysTests(RealCustodyDaysImport import) : IClassFixture<RealCustodyDaysImport>
{
    [Fact]
    public void Three_real_August_days_import_with_plausible_counts()
    {
        var files = import.Files.Take(3).ToList();
        var summary = import.FirstThreeDays;

        // A person becomes a prisoner with their first well-formed row (one real row gives an age of 124).
        var rejected = summary.Rejected.Select(r => (r.FileName, r.Line)).ToHashSet();
        var imported = files.SelectMany(f => InmateIds(f).Where(row => !rejected.Contains((f.Name, row.Line))).Select(row => row.Id)).ToHashSet();
        Assert.Equal([new DateOnly(2025, 8, 1), new DateOnly(2025, 8, 2), new DateOnly(2025, 8, 3)], summary.Days.Select(d => d.File.Day));
        Assert.Equal(3, summary.DaysImported);
        var (first, second, third) = (summary.Days[0], summary.Days[1], summary.Days[2]);
        Assert.Equal(first.Rows - first.Rejected.Count, first.Arrivals);
        Assert.InRange(first.Arrivals, 7_000, 8_000);
        Assert.InRange(second.Arrivals, 20, 300);
        Assert.InRange(second.Releases, 20, 300);
        Assert.InRange(second.Changes, 50, 1_000);
        // The archive repeats Saturday's file on Sunday: nothing happened.
        Assert.Equal((0, 0, 0), (third.Arrivals, third.Releases, third.Changes));
        Assert.InRange(summary.Rejected.Count, 0, 20);
        Assert.Equal(imported.Count, import.CountsAfterThreeDays.Prisoners);
        Assert.Equal(InmateIds(files[2]).Count(row => imported.Contains(row.Id)), import.CountsAfterThreeDays.OpenImprisonments);
        Assert.Equal(8, import.CountsAfterThreeDays.Prisons);

        // The records feed the rules: most of a jail's population is unconvicted, so most are dangerous by rule 1 alone.
        var evaluator = new DangerEvaluator(EvaluationSetup.RuleSet(EvaluationSetup.ShippedDisabledRules), new PrisonCalendar(TimeZoneInfo.FindSystemTimeZoneById("America/New_York")));
        var prisoners = import.FirstPrisonersAfterThreeDays;
        Assert.Equal(500, prisoners.Count);
        var dangerous = prisoners.Count(p => evaluator.Evaluate(p, new DateTime(2025, 8, 4, 16, 0, 0, DateTimeKind.Utc)).Status == DangerStatus.Dangerous);
        Assert.InRange(dangerous, 250, 500);
    }

    [Fact]
    public async Task On_the_last_day_of_the_August_files_the_violent_charge_rule_fires_for_exactly_those_whose_top_charge_is_violent()
    {
        var summary = import.LaterDays;

        // The last file's own rows, but those it rejected (their prisoners' records are as an earlier day left them).
        var last = import.Files[^1];
        Assert.Equal((31, last.Day), (import.FirstThreeDays.DaysImported + summary.DaysImported, summary.Days[^1].File.Day));
        var rejected = summary.Days[^1].Rejected.Select(r => r.Line).ToHashSet();
        var rows = TopCharges(last).Where(row => !rejected.Contains(row.Line)).ToList();
        var violent = rows.Where(row => row.TopCharge is not ("" or "0") && ImportedCharge.FromTopCharge(row.TopCharge).IsViolent).Select(row => row.Id).ToList();
        var numbers = rows.Select(row => row.Id).ToList();
        await using var db = import.Database.Open();
        var prisoners = await db.LoadPrisonersAsync(await db.Prisoners.Where(p => numbers.Contains(p.Number)).Select(p => p.Id).ToListAsync(), Tracking.Untracked);
        var rule = new ChargedWithViolentCrime();
        var fired = prisoners.Where(p => rule.Evaluate(p, last.Day).Fired).Select(p => p.Number).ToList();

        Assert.Equal(rows.Count, prisoners.Count);
        Assert.InRange(violent.Count, 2_000, 6_000);
        Assert.Equal(violent.Order(StringComparer.Ordinal), fired.Order(StringComparer.Ordinal));
        // Every charge the files named stays on the record; at most one of them, the current top charge, stands.
        Assert.All(prisoners, p => Assert.InRange(p.Charges.Count(c => !c.IsSuperseded), 0, 1));
    }

    /// <summary>The inmateid and top_charge of every data row of a real file (unquoted), with its line number.</summary>
    private static IEnumerable<(string Id, string TopCharge, int Line)> TopCharges(CustodyFile file)
    {
        var lines = File.ReadLines(file.Path).ToList();
        var header = lines[0].Split(',');
        var (id, topCharge) = (Array.IndexOf(header, "inmateid"), Array.IndexOf(header, "top_charge"));
        return lines.Select((text, index) => (Cells: text.Split(','), Line: index + 1)).Skip(1)
            .Where(row => row.Cells[id].Length > 0)
            .Select(row => (row.Cells[id], row.Cells[topCharge].Trim(), row.Line));
    }

    /// <summary>The inmateid of every data row (the real files are unquoted, inmateid first), with its line number.</summary>
    private static IEnumerable<(string Id, int Line)> InmateIds(CustodyFile file) =>
        File.ReadLines(file.Path).Select((text, index) => (Id: text.Split(',')[0], Line: index + 1)).Skip(1).Where(row => row.Id.Length > 0);
}
