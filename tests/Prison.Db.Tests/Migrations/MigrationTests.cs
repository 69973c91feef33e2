using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using Prison.Db.Identity;
using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Pages.Prisoners;
using Prison.Web.Pages.Prisons.SinceLastShift;

namespace Prison.Db.Tests.Migrations;

public class MigrationTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migrating_an_empty_database_applies_every_step_and_records_it(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using var db = database.Open();

        await db.Database.MigrateAsync();

        Assert.Equal(db.Database.GetMigrations(), await db.Database.GetAppliedMigrationsAsync());
        Assert.Equal(0, await database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migrating_again_changes_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();

        Assert.Empty(await db.Database.GetPendingMigrationsAsync());
        await db.Database.MigrateAsync();
        Assert.Equal(db.Database.GetMigrations().Count(), await database.ScalarAsync<long>("SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Four_worker_processes_migrating_at_once_apply_each_step_once(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);

        var runs = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => RunWorkerAsync(database.ConnectionString, "migrate")));

        Assert.All(runs, run => Assert.True(run.ExitCode == 0, run.Output));
        await using var db = database.Open();
        Assert.Equal(db.Database.GetMigrations(), await db.Database.GetAppliedMigrationsAsync());
        Assert.Equal(db.Database.GetMigrations().Count(), await database.ScalarAsync<long>("SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_009_counts_the_statuses_of_the_prisoners_already_held(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);

        // Changed before they were evaluated: migration 011 takes verdicts older than their record's change for the bug's.
        await using (var db = database.Open(new MovableClock(TestDay.Noon.AddHours(-1))))
        {
            await MigrateBeforeAsync(database, db, "009_prison_status_counts");
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            var prisoners = Enumerable.Range(1, 9).Select(n => Records.Harmless($"M{n}", prisonId: n <= 6 ? 1 : 2, TestDay.Today.AddDays(-n))).ToList();
            prisoners[0].Release(TestDay.Today);
            prisoners[1].StrikeOut(prisoners[1].CurrentStay!.Id, new Domain.Record.Strike(TestDay.Noon.UtcDateTime, "clerk", "entered in error"));
            db.Prisoners.AddRange(prisoners);
            await WithLaterColumnsAsync(database, "009_prison_status_counts", async () =>
            {
                await db.SaveRecordChangesAsync();
                await db.WriteVerdictsAsync(prisoners.Take(8).Select((p, i) => new EvaluatedPrisoner(
                    p.Id, p.ChangeVersion, new Verdict(i % 3 == 0 ? DangerStatus.Dangerous : DangerStatus.NotDangerous, [], TestDay.Noon.UtcDateTime, null, "test-rules"))).ToList());
            });
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        await using var read = database.Open();
        Assert.Equal(new StatusCounts(Dangerous: 1, NotDangerous: 3, Unknown: 0), await read.StatusCountsAsync(1));
        Assert.Equal(new StatusCounts(Dangerous: 1, NotDangerous: 1, Unknown: 1), await read.StatusCountsAsync(2));
        Assert.Equal(await read.StatusCountsFromStaysAsync(1), await read.StatusCountsAsync(1));
        Assert.Equal(await read.StatusCountsFromStaysAsync(2), await read.StatusCountsAsync(2));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_011_turns_verdicts_older_than_their_records_last_change_Unknown_and_records_the_version_of_the_others(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        List<Prisoner> prisoners;
        await using (var db = database.Open(new MovableClock(TestDay.Noon.AddHours(-1))))
        {
            await MigrateBeforeAsync(database, db, "011_verdict_version");
            db.Prisons.Add(Records.Prison(1));
            prisoners = [.. Enumerable.Range(1, 3).Select(n => Records.Harmless($"N{n}", 1, TestDay.Today.AddDays(-n)))];
            prisoners[0].RecordDisciplinaryNotice(TestDay.Today.AddDays(-1), Domain.Record.NoticeType.Weapon, "a blade");
            db.Prisoners.AddRange(prisoners);
            await WithLaterColumnsAsync(database, "011_verdict_version", async () =>
            {
                await db.SaveRecordChangesAsync();
                await db.WriteVerdictsAsync(prisoners.Select(p => new EvaluatedPrisoner(
                    p.Id, p.ChangeVersion, new Verdict(p.Number == "N1" ? DangerStatus.Dangerous : DangerStatus.NotDangerous, [], TestDay.Noon.UtcDateTime, null, "test-rules"))).ToList());
            });
        }

        // What the bug left: N1 changed after its verdict (a new version, a later change), its verdict standing.
        var later = database.Engine == Engine.PostgreSql ? "timestamptz '2026-11-20 13:00:00+00'" : "'2026-11-20 13:00:00'";
        await database.ExecuteAsync($"UPDATE prisoner SET change_version = change_version + 1, changed_at = {later} WHERE number = 'N1'");

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        var rows = await database.RowsAsync(
            "SELECT number, danger_status, CASE WHEN evaluated_version = change_version THEN 'current' ELSE 'behind' END FROM prisoner ORDER BY number");
        Assert.Equal([["N1", "Unknown", "behind"], ["N2", "NotDangerous", "current"], ["N3", "NotDangerous", "current"]], rows);
        await using var read = database.Open();
        Assert.Equal(new StatusCounts(Dangerous: 0, NotDangerous: 2, Unknown: 1), await read.StatusCountsAsync(1));
        Assert.Empty(await read.VerdictsBehindTheirRecordAsync(CancellationToken.None));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_013_begins_each_history_with_the_verdict_known_before_it_and_no_shift_reads_that_as_news(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        List<Prisoner> prisoners;
        var evaluatedAt = TestDay.Noon.UtcDateTime;
        await using (var db = database.Open(new MovableClock(TestDay.Noon.AddHours(-1))))
        {
            await MigrateBeforeAsync(database, db, "013_verdict_history");
            db.Prisons.Add(Records.Prison(1));
            prisoners = [.. Enumerable.Range(1, 3).Select(n => Records.Harmless($"H{n}", 1, TestDay.Today.AddDays(-n)))];
            db.Prisoners.AddRange(prisoners);
            await WithLaterColumnsAsync(database, "013_verdict_history", async () =>
            {
                await db.SaveRecordChangesAsync();
                await db.WriteVerdictsAsync(prisoners.Take(2).Select(p => new EvaluatedPrisoner(
                    p.Id, p.ChangeVersion, new Verdict(p.Number == "H1" ? DangerStatus.Dangerous : DangerStatus.NotDangerous, p.Number == "H1" ? [new FiredRule("NotConvicted", "Not convicted", [])] : [], evaluatedAt, null, "test-rules"))).ToList());
            });
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        Assert.Equal(
            [["H1", "Dangerous", "NotConvicted"], ["H2", "NotDangerous", ""], ["H3", "NULL", "NULL"]],
            await database.RowsAsync("SELECT number, coalesce(known_status, 'NULL'), coalesce(known_reasons, 'NULL') FROM prisoner ORDER BY number"));
        Assert.Equal(
            [["H1", "NULL", "Dangerous", "NotConvicted", "NotConvicted", "", "HistoryBegan", "1"], ["H2", "NULL", "NotDangerous", "", "", "", "HistoryBegan", "1"]],
            await database.RowsAsync("""
                SELECT p.number, coalesce(c.from_status, 'NULL'), c.to_status, c.reasons, c.came, c.went, c.cause, c.prison_id
                FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id ORDER BY p.number
                """));

        // The verdicts known before are what the next ones are compared with: the same verdict is no change.
        await using var after = database.Open();
        await after.WriteVerdictsAsync(prisoners.Select(p => new EvaluatedPrisoner(
            p.Id, p.ChangeVersion, new Verdict(p.Number == "H2" ? DangerStatus.Dangerous : p.Number == "H1" ? DangerStatus.Dangerous : DangerStatus.NotDangerous,
                p.Number == "H3" ? [] : [new FiredRule("NotConvicted", "Not convicted", [])], evaluatedAt.AddHours(1), null, "test-rules"))).ToList());
        Assert.Equal(
            [["H1", "HistoryBegan"], ["H2", "HistoryBegan"], ["H2", "Other"], ["H3", "Other"]],
            await database.RowsAsync("SELECT p.number, c.cause FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id ORDER BY p.number, c.id"));
        var shift = await after.ShiftChangesAsync(1, null, evaluatedAt.AddDays(-1), evaluatedAt.AddDays(1));
        Assert.Equal(["H2"], shift.BecameDangerous.Select(c => c.Number));
        Assert.Empty(shift.NoLongerDangerous);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_010_marks_the_collections_that_records_already_stored_fill(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        Prisoner full, bare;
        await using (var db = database.Open())
        {
            await MigrateBeforeAsync(database, db, "010_record_parts");
            db.Prisons.Add(Records.Prison(1));
            full = Records.Harmless("FULL", 1, TestDay.Today).WithFullRecord(2, TestDay.Today);
            bare = Records.Harmless("BARE", 1, TestDay.Today);
            db.Prisoners.AddRange(full, bare);
            await WithLaterColumnsAsync(database, "010_record_parts", () => db.SaveRecordChangesAsync());
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        await using var read = database.Open();
        var loaded = (await read.LoadPrisonersAsync([full.Id, bare.Id], Tracking.Untracked)).ToDictionary(p => p.Number);
        Assert.Equal(2, loaded["FULL"].DrugTests.Count);
        Assert.Equal(2, loaded["FULL"].ContactOrderBreaches.Count);
        Assert.Single(loaded["BARE"].Stays);
        Assert.Empty(loaded["BARE"].DrugTests);
        Assert.Equal(2, (await read.LoadPrisonerAsync("FULL", Tracking.Tracked))!.Charges.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_014_gives_every_prison_a_stamp_and_the_prisoners_already_stored_their_search_keys_once_migrated(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using (var db = database.Open())
        {
            await MigrateBeforeAsync(database, db, "014_dashboard_stamps_and_search_keys");
            db.Prisons.Add(Records.Prison(1));
            var prisoner = new Prisoner("M14", "Mónica Núñez", null, Domain.Record.LegalStatus.Convicted);
            prisoner.Admit(1, TestDay.Today.AddDays(-2));
            db.Prisoners.Add(prisoner);

            // Today's model writes a new prisoner's search keys (and its audit entry's subject): for the while.
            await WithLaterColumnsAsync(database, "014_dashboard_stamps_and_search_keys", () => db.SaveRecordChangesAsync());
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        await using var read = database.Open();
        var before = await read.DashboardAsync(prisonId: 1);
        Assert.Equal(["M14"], before.Rows.Select(r => r.Number));
        Assert.Empty((await read.SearchAsync("monica", prisonIds: null)).Hits);

        Assert.Equal(1, await read.AddMissingSearchKeysAsync());
        Assert.Equal(["M14"], (await read.SearchAsync("NUNEZ", prisonIds: null)).Hits.Select(h => h.Number));
        Assert.Equal(["M14"], (await read.SearchAsync("m14", prisonIds: null)).Hits.Select(h => h.Number));

        (await read.LoadPrisonerAsync("M14", Tracking.Tracked))!.CorrectPersonalDetails("Mónica Núñez-Ortiz", null);
        await read.SaveRecordChangesAsync();
        var after = (await read.DashboardIfChangedAsync(prisonId: 1, before.Stamp)).Changed;
        Assert.Equal("Mónica Núñez-Ortiz", after!.Rows.Single().Name);
        Assert.Equal(["M14"], (await read.SearchAsync("ortiz", prisonIds: null)).Hits.Select(h => h.Number));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_018_keeps_every_user_already_there_at_all_prisons_and_gives_one_added_later_without_them_none(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using (var db = database.Open())
        {
            await MigrateBeforeAsync(database, db, "018_user_prisons");
            db.Prisons.Add(Records.Prison(1));
            db.Users.AddRange(
                new StaffUser { UserName = "before", NormalizedUserName = "BEFORE", SecurityStamp = "s" },
                new StaffUser { UserName = "also-before", NormalizedUserName = "ALSO-BEFORE", SecurityStamp = "s", IsDisabled = true });
            await WithLaterColumnsAsync(database, "018_user_prisons", () => db.SaveChangesAsync());
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        // A process of the previous version, still running, adds a user without naming the column.
        var yes = database.Engine == Engine.PostgreSql ? "true" : "1";
        await database.ExecuteAsync(
            "INSERT INTO staff_user (id, user_name, normalized_user_name, email_confirmed, phone_number_confirmed, two_factor_enabled, lockout_enabled, access_failed_count) "
            + $"VALUES ('later-id', 'later', 'LATER', {yes}, {yes}, {yes}, {yes}, 0)");

        Assert.Equal(
            [["also-before", "1"], ["before", "1"], ["later", "0"]],
            await database.RowsAsync("SELECT user_name, CASE WHEN all_prisons THEN '1' ELSE '0' END FROM staff_user ORDER BY user_name"));
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_user_prison"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migration_020_asks_nobody_already_there_to_change_their_password(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using (var db = database.Open())
        {
            await MigrateBeforeAsync(database, db, "020_must_change_password");
            db.Users.Add(new StaffUser { UserName = "before", NormalizedUserName = "BEFORE", SecurityStamp = "s" });
            await WithLaterColumnsAsync(database, "020_must_change_password", () => db.SaveChangesAsync());
        }

        await using (var db = database.Open())
        {
            await db.Database.MigrateAsync();
        }

        Assert.Equal(
            [["before", "0"]],
            await database.RowsAsync("SELECT user_name, CASE WHEN must_change_password THEN '1' ELSE '0' END FROM staff_user"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_migrate_command_names_each_step_it_applies_to_an_empty_database_and_logs_no_failure(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using var db = database.Open();
        var steps = db.Database.GetMigrations().ToList();

        var first = await RunWorkerAsync(database.ConnectionString, "migrate");
        var again = await RunWorkerAsync(database.ConnectionString, "migrate");

        Assert.True(first.ExitCode == 0, first.Output);
        var lines = first.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.Equal([.. steps.Select(step => $"Applied {step}"), $"Applied {steps.Count} migration(s); the database schema is up to date."], lines);
        Assert.True(again.ExitCode == 0, again.Output);
        Assert.Equal("The database schema is up to date: nothing to apply.", again.Output.Trim());
        Assert.Equal(steps, await db.Database.GetAppliedMigrationsAsync());
    }

    [Fact]
    public async Task The_migrate_command_says_which_server_it_cannot_reach()
    {
        var run = await RunWorkerAsync("Host=127.0.0.1;Port=1;Username=nobody;Database=prison;Timeout=2", "migrate");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Cannot reach the PostgreSQL database configured in ConnectionStrings:Prison (host 127.0.0.1, port 1", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    /// <summary>
    /// Applies the steps before <paramref name="step"/> as the migrator does (each script, then its history row).
    /// EF Core's own migrate-to-a-target cannot be used: it reads every id as "timestamp_name", which ours are not.
    /// </summary>
    private static async Task MigrateBeforeAsync(ScratchDatabase database, PrisonDb db, string step)
    {
        var history = db.GetService<IHistoryRepository>();
        await database.ExecuteAsync(history.GetCreateIfNotExistsScript());
        foreach (var id in db.Database.GetMigrations().TakeWhile(id => id != step))
        {
            await database.ExecuteAsync(Db.Migrations.MigrationScripts.Read(db.Database.ProviderName, id));
            await database.ExecuteAsync(history.GetInsertScript(new HistoryRow(id, ProductInfo.GetVersion())));
        }
    }

    /// <summary>
    /// Runs <paramref name="write"/>, today's model writing a record, with the columns that <paramref name="step"/> and
    /// later steps add to the record's tables there for the while: today's model writes them, and those steps must find
    /// them missing.
    /// </summary>
    private static async Task WithLaterColumnsAsync(ScratchDatabase database, string step, Func<Task> write)
    {
        var (date, bigint, text, boolean, instant) = database.Engine == Engine.PostgreSql
            ? ("date", "bigint", "text", "boolean", "timestamptz")
            : ("TEXT", "INTEGER", "TEXT", "INTEGER", "TEXT");
        (string Step, string Table, string Column, string Type)[] later =
        [
            ("011_verdict_version", "prisoner", "evaluated_version", bigint),
            ("012_import_journal", "charge", "superseded_on", date),
            ("013_verdict_history", "prisoner", "known_status", text),
            ("013_verdict_history", "prisoner", "known_reasons", text),
            ("013_verdict_history", "prisoner", "verdict_cause", text),
            ("013_verdict_history", "prisoner", "verdict_cause_detail", text),
            ("017_audit_subjects", "audit_entry", "subject_user_name", text),
            ("018_user_prisons", "staff_user", "all_prisons", boolean),
            ("020_must_change_password", "staff_user", "must_change_password", boolean),
            ("021_authenticator_time_step", "staff_user", "authenticator_time_step", bigint),
            ("024_verdict_forecast", "prisoner", "forecast_at", instant),
            ("024_verdict_forecast", "prisoner", "forecast_status", text),
            ("024_verdict_forecast", "prisoner", "forecast_came", text),
            ("024_verdict_forecast", "prisoner", "forecast_went", text),
            ("037_dangerous_days_follow_the_writers_clock", "imprisonment", "changed_at", instant),
        ];
        var missing = later.Where(c => string.CompareOrdinal(c.Step, step) >= 0).ToList();
        foreach (var (_, table, column, type) in missing)
        {
            await database.ExecuteAsync($"ALTER TABLE {table} ADD COLUMN {column} {type} NULL");
        }

        var searchKeysMissing = string.CompareOrdinal("014_dashboard_stamps_and_search_keys", step) >= 0;
        if (searchKeysMissing)
        {
            await database.ExecuteAsync(
                "CREATE TABLE prisoner_search_key (prisoner_id " + (database.Engine == Engine.PostgreSql ? "uuid" : "TEXT")
                + " PRIMARY KEY, number_key TEXT NOT NULL, name_key TEXT NOT NULL, surname_key TEXT NOT NULL)");
        }

        await write();
        if (searchKeysMissing)
        {
            await database.ExecuteAsync("DROP TABLE prisoner_search_key");
        }

        foreach (var (_, table, column, _) in missing)
        {
            await database.ExecuteAsync($"ALTER TABLE {table} DROP COLUMN {column}");
        }
    }

    private static Task<(int ExitCode, string Output)> RunWorkerAsync(string connectionString, string verb) =>
        WorkerProcess.RunAsync(verb, $"--ConnectionStrings:Prison={connectionString}");
}
