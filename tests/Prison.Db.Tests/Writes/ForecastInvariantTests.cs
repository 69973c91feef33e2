using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// A verdict's forecast keeps the verdict's promise at the database: stored in the verdict's one guarded statement,
/// cleared with it when the record's version moves, refused beside Unknown, and never left disagreeing with the rules
/// over the current record, whatever races the writes.
/// </summary>
public class ForecastInvariantTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_verdict_write_stores_the_forecast_with_the_verdict_in_its_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, count: 1, hearingInDays: 20)).Single();
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        Assert.Equal(1, await db.WriteVerdictsAsync([Evaluated(prisoner)]));

        Assert.Equal(1, counter.Count);
        var stored = (await db.StoredForecastsAsync([prisoner.Id]))[prisoner.Id];
        Assert.Equal(new DateTime(2026, 11, 26, 0, 0, 0, DateTimeKind.Utc), stored.AtUtc);
        Assert.Equal(DangerStatus.Dangerous, stored.To);
        Assert.Equal("CourtHearingWithin14Days", Assert.Single(RuleFacts.FromJson(stored.Came)).Code);
        Assert.Equal(StoredForecast.Of(Evaluated(prisoner).Verdict.Forecast), stored);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Any_statement_that_moves_the_version_clears_the_forecast_with_the_verdict(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, count: 2, hearingInDays: 20);
        await using (var db = database.Open())
        {
            await db.WriteVerdictsAsync([.. prisoners.Select(Evaluated)]);
        }

        // A change through the aggregate, which names none of the forecast's columns ...
        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync(prisoners[0].Number, Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1), NoticeType.Other, "late");
            await db.SaveRecordChangesAsync();
        }

        // ... and a hand correction bumping the version without a word about the verdict.
        await database.ExecuteAsync($"UPDATE prisoner SET change_version = change_version + 1 WHERE id = {database.Literal(prisoners[1].Id)}");

        Assert.Equal(
            [["Unknown", "NULL", "NULL", "", ""], ["Unknown", "NULL", "NULL", "", ""]],
            await database.RowsAsync("SELECT danger_status, forecast_at, forecast_status, forecast_came, forecast_went FROM prisoner ORDER BY number"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_forecast_beside_Unknown_or_half_a_forecast_or_one_that_changes_nothing_is_refused(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, count: 1, hearingInDays: 20)).Single();
        var id = database.Literal(prisoner.Id);
        var at = engine == Engine.PostgreSql ? "'2026-11-26 00:00:00+00'" : "'2026-11-26 00:00:00'";

        var besideUnknown = await Record.ExceptionAsync(() => database.ExecuteAsync(
            $"UPDATE prisoner SET forecast_at = {at}, forecast_status = 'Dangerous', forecast_came = '[]', forecast_went = '[]' WHERE id = {id}"));
        await using (var db = database.Open())
        {
            await db.WriteVerdictsAsync([Evaluated(prisoner)]);
        }

        var half = await Record.ExceptionAsync(() => database.ExecuteAsync($"UPDATE prisoner SET forecast_status = NULL WHERE id = {id}"));
        var nothing = await Record.ExceptionAsync(() => database.ExecuteAsync($"UPDATE prisoner SET forecast_status = danger_status WHERE id = {id}"));
        var unknownBeside = await Record.ExceptionAsync(() => database.ExecuteAsync($"UPDATE prisoner SET danger_status = 'Unknown' WHERE id = {id}"));

        Assert.All(new[] { besideUnknown, half, nothing, unknownBeside }, error => Assert.Contains("prisoner_forecast_of_known_verdict", error?.Message));
        Assert.Equal([["NotDangerous", "Dangerous"]], await database.RowsAsync($"SELECT danger_status, forecast_status FROM prisoner WHERE id = {id}"));
    }

    /// <summary>
    /// Changers move hearings and record notices on a few prisoners as fast as they can while two evaluators do what the
    /// worker's consumer does with their messages; then every stored forecast is checked against the rules over the
    /// record as it is.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Changes_racing_verdict_writes_never_leave_a_forecast_that_disagrees_with_the_rules(Engine engine)
    {
        const int prisonerCount = 6;
        const int changesEach = 20;
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, prisonerCount, hearingInDays: null);
        await RacingChanges.RunAsync(database, prisoners, changesEach, batchSize: 4, Evaluator.RuleSet.Id, (loaded, n) =>
            // Hearings entering their 14 days from 6 to 31 days ahead, and now and then one within days: each version has
            // its own forecast, Dangerous from the day the first far hearing counts, or Not dangerous once the near ones passed.
            loaded.ScheduleCourtHearing(TestDay.Today.AddDays(n % 5 == 1 ? 1 + (n % 3) : 20 + (n * 13 % 26)), $"court {n}"), Evaluated);

        await using var check = database.Open();
        var stored = await check.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
        var forecasts = await check.StoredForecastsAsync(prisoners.Select(p => p.Id).ToList());
        Assert.All(stored, p =>
        {
            Assert.NotEqual(DangerStatus.Unknown, p.DangerStatus);
            Assert.Equal((p.Number, StoredForecast.Of(Evaluator.Evaluate(p, TestDay.Noon.UtcDateTime).Forecast)), (p.Number, forecasts[p.Id]));
        });
        Assert.Contains(forecasts.Values, f => f.AtUtc is not null);
        Assert.Equal(0L, await database.ScalarAsync<long>(
            "SELECT count(*) FROM prisoner WHERE forecast_at IS NOT NULL AND (danger_status = 'Unknown' OR evaluated_version <> change_version)"));
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));

    private static async Task<IReadOnlyList<Prisoner>> SeedAsync(ScratchDatabase database, int count, int? hearingInDays)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        var prisoners = Enumerable.Range(1, count).Select(n => Records.Harmless($"F{n:000}", 1, TestDay.Today.AddDays(-30 - n))).ToList();
        if (hearingInDays is { } days)
        {
            prisoners.ForEach(p => p.ScheduleCourtHearing(TestDay.Today.AddDays(days), "Crown Court Leeds"));
        }

        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners;
    }
}
