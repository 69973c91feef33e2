using System.Globalization;
using System.Net;
using System.Text.RegularExpressions;
using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Testing;
using Npgsql;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Runtime.Jobs;

namespace Prison.Worker.Tests.CommandLine;

/// <summary>
/// Web and worker connect as an application role that migrate, connected as the schema's owner, gave only what they
/// use: the audit log stays append-only whatever that role's connection is made to send (an SQL injection, a stolen
/// connection string), and the product still does all its work.
/// </summary>
public sealed class ApplicationRoleTests(ApplicationRoleDatabase fixture) : IClassFixture<ApplicationRoleDatabase>
{
    private ScratchRoles Roles => fixture.Roles;

    [Theory]
    [InlineData("UPDATE audit_entry SET summary = 'nothing happened'")]
    [InlineData("DELETE FROM audit_entry")]
    [InlineData("TRUNCATE audit_entry")]
    [InlineData("ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_no_update_or_delete")]
    [InlineData("ALTER TABLE audit_entry DISABLE TRIGGER ALL")]
    [InlineData("DROP TRIGGER audit_entry_no_update_or_delete ON audit_entry")]
    [InlineData("DROP TRIGGER audit_entry_stamp_time ON audit_entry")]
    [InlineData("ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_stamp_time")]
    [InlineData("CREATE OR REPLACE FUNCTION audit_entry_stamp_time() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$")]
    [InlineData("CREATE OR REPLACE FUNCTION audit_entry_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$")]
    [InlineData("ALTER TABLE audit_entry RENAME TO audit_entry_old")]
    [InlineData("ALTER TABLE audit_entry OWNER TO CURRENT_USER")]
    [InlineData("DROP TABLE audit_entry")]
    [InlineData("DROP TABLE prisoner CASCADE")]
    [InlineData("CREATE TABLE audit_entry_copy (id uuid)")]
    [InlineData("CREATE TABLE hangfire.audit_entry_copy (id uuid)")]
    [InlineData("CREATE SCHEMA elsewhere")]
    [InlineData("DELETE FROM \"__EFMigrationsHistory\"")]
    [InlineData("ALTER ROLE CURRENT_USER SUPERUSER")]
    [InlineData("ALTER ROLE CURRENT_USER CREATEROLE")]
    [InlineData("GRANT {owner} TO CURRENT_USER")]
    [InlineData("SET ROLE {owner}")]
    public async Task The_application_role_is_refused_what_would_rewrite_the_audit_log_or_change_the_schema(string statement)
    {
        await AppendAuditEntryAsync();
        var before = await AuditRowsAsync();

        await using var connection = await Roles.OpenAsApplicationAsync();
        await using var command = new NpgsqlCommand(statement.Replace("{owner}", Roles.Owner, StringComparison.Ordinal), connection);
        var refused = await Assert.ThrowsAsync<PostgresException>(() => command.ExecuteNonQueryAsync());

        Assert.Equal(PostgresErrorCodes.InsufficientPrivilege, refused.SqlState);
        Assert.Equal(before, await AuditRowsAsync());
        Assert.Equal(
            [["audit_entry_no_truncate", "O"], ["audit_entry_no_update_or_delete", "O"], ["audit_entry_stamp_time", "O"]],
            await fixture.Database.RowsAsync("SELECT tgname, tgenabled::text FROM pg_trigger WHERE tgrelid = 'audit_entry'::regclass ORDER BY tgname"));
    }

    private const string PlantKey = "INSERT INTO data_protection_key (name, xml) VALUES ('planted', '<key id=\"00000000-0000-0000-0000-000000000001\" version=\"1\" />')";
    private const string ApproveAssembly = "INSERT INTO rule_assembly_approval VALUES (repeat('a', 64), 'any.dll', 'AnyRule', 'nobody', now())";

    /// <summary>A job row names the method a worker's Hangfire server runs: any method of any loaded type.</summary>
    private const string PlantJob = """INSERT INTO hangfire.job (invocationdata, arguments, createdat) VALUES ('{"Type":"System.IO.File, System.Private.CoreLib","Method":"Delete","ParameterTypes":"[\"System.String\"]","Arguments":"[\"\\\"/data/prison.db\\\"\"]"}', '[]', now())""";
    private const string QueueJob = "INSERT INTO hangfire.jobqueue (jobid, queue) SELECT id, 'default' FROM hangfire.job";
    private const string RewriteRecurringJob = "UPDATE hangfire.hash SET value = '{}' WHERE field = 'Job'";

    /// <summary>
    /// Each process's own role, tried as whoever holds its connection would: what its work does not need is refused.
    /// On one role for every process, each of these statements succeeded.
    /// </summary>
    [Theory]
    [InlineData("worker", "SELECT password_hash FROM staff_user")]
    [InlineData("worker", "UPDATE staff_user SET password_hash = NULL")]
    [InlineData("worker", "INSERT INTO staff_user_role SELECT id, 'Admin' FROM staff_user")]
    [InlineData("worker", "UPDATE staff_session SET ended_at = NULL")]
    [InlineData("worker", "DELETE FROM staff_user_token")]
    [InlineData("worker", "SELECT xml FROM data_protection_key")]
    [InlineData("worker", PlantKey)]
    [InlineData("worker", ApproveAssembly)]
    [InlineData("worker", "DELETE FROM rule_assembly_approval")]
    [InlineData("web", "DELETE FROM staff_user")]
    [InlineData("web", "DELETE FROM staff_session")]
    [InlineData("web", "UPDATE staff_role SET normalized_name = 'STAFF' WHERE normalized_name = 'ADMIN'")]
    [InlineData("web", "INSERT INTO staff_user_claim (user_id, claim_type, claim_value) SELECT id, 'role', 'Admin' FROM staff_user")]
    [InlineData("web", "UPDATE data_protection_key SET xml = ''")]
    [InlineData("web", "DELETE FROM data_protection_key")]
    [InlineData("web", "UPDATE rule_assembly_approval SET sha256 = repeat('b', 64)")]
    [InlineData("command line", "SELECT xml FROM data_protection_key")]
    [InlineData("command line", PlantKey)]
    [InlineData("command line", ApproveAssembly)]
    [InlineData("command line", "DELETE FROM rule_assembly_approval")]
    [InlineData("command line", "DELETE FROM staff_user")]
    [InlineData("command line", "UPDATE staff_role SET name = 'Admin'")]
    [InlineData("web", PlantJob)]
    [InlineData("web", QueueJob)]
    [InlineData("web", RewriteRecurringJob)]
    [InlineData("web", "DELETE FROM hangfire.job")]
    [InlineData("command line", PlantJob)]
    [InlineData("command line", QueueJob)]
    [InlineData("command line", RewriteRecurringJob)]
    [InlineData("command line", "DELETE FROM hangfire.job")]
    public async Task Each_process_role_is_refused_what_its_work_does_not_need(string process, string statement)
    {
        var role = RoleOf(process);

        await using var connection = await Roles.OpenAsAsync(role);
        await using var command = new NpgsqlCommand(statement, connection);
        var refused = await Assert.ThrowsAsync<PostgresException>(() => command.ExecuteNonQueryAsync());

        Assert.Equal(PostgresErrorCodes.InsufficientPrivilege, refused.SqlState);
    }

    /// <summary>What each role may do where it may do less than everything, as PostgreSQL reports it after migrate.</summary>
    [Theory]
    [InlineData("web", "data_protection_key", "INSERT,SELECT")]
    [InlineData("web", "rule_assembly_approval", "DELETE,INSERT,SELECT")]
    [InlineData("web", "staff_user", "INSERT,SELECT,UPDATE")]
    [InlineData("web", "staff_session", "INSERT,SELECT,UPDATE")]
    [InlineData("web", "staff_user_token", "DELETE,INSERT,SELECT,UPDATE")]
    [InlineData("web", "staff_role", "SELECT")]
    [InlineData("web", "audit_entry", "INSERT,SELECT")]
    [InlineData("worker", "data_protection_key", "")]
    [InlineData("worker", "rule_assembly_approval", "SELECT")]
    [InlineData("worker", "staff_user", "")]
    [InlineData("worker", "staff_session", "")]
    [InlineData("worker", "staff_user_token", "")]
    [InlineData("worker", "audit_entry", "INSERT,SELECT")]
    [InlineData("worker", "prisoner", "DELETE,INSERT,SELECT,UPDATE")]
    [InlineData("command line", "data_protection_key", "")]
    [InlineData("command line", "rule_assembly_approval", "SELECT")]
    [InlineData("command line", "staff_user", "INSERT,SELECT,UPDATE")]
    [InlineData("command line", "audit_entry", "INSERT,SELECT")]
    [InlineData("web", "job", "SELECT")]
    [InlineData("web", "hash", "SELECT")]
    [InlineData("command line", "job", "SELECT")]
    [InlineData("command line", "jobqueue", "SELECT")]
    [InlineData("worker", "job", "DELETE,INSERT,SELECT,UPDATE")]
    [InlineData("worker", "jobqueue", "DELETE,INSERT,SELECT,UPDATE")]
    [InlineData("one role for all", "job", "DELETE,INSERT,SELECT,UPDATE")]
    public async Task Migrate_gives_each_process_role_exactly_its_rights(string process, string table, string rights)
    {
        var role = RoleOf(process);

        Assert.Equal(rights, await fixture.Database.ScalarAsync<string>($"""
            SELECT coalesce(string_agg(privilege_type, ',' ORDER BY privilege_type), '')
            FROM information_schema.role_table_grants WHERE grantee = '{role}' AND table_name = '{table}'
            """));
    }

    /// <summary>
    /// A process's role cannot date an audit entry: the time its connection sends, through the product's own save or a
    /// statement of its own, is replaced with the database's.
    /// </summary>
    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    [InlineData("command line")]
    [InlineData("one role for all")]
    public async Task The_database_stamps_the_audit_entrys_time_whatever_time_a_process_role_sends(string process)
    {
        var role = RoleOf(process);
        var name = $"time-{Guid.NewGuid():N}"[..16];
        var backdated = new DateTimeOffset(2001, 1, 1, 0, 0, 0, TimeSpan.Zero);

        await using (var db = PrisonDatabase.OpenAs(new AuditActor(name), Roles.ConnectionStringOf(role), new MovableClock(backdated)))
        {
            db.AuditEntries.Add(AuditEntry.SignedIn(name));
            await db.SaveChangesAsync();
        }

        await using (var connection = await Roles.OpenAsAsync(role))
        await using (var insert = new NpgsqlCommand(
            $"INSERT INTO audit_entry (id, at, user_name, action, summary) VALUES (gen_random_uuid(), '2001-01-01T00:00:00Z', '{name}', 'SignedIn', 'Signed in')", connection))
        {
            await insert.ExecuteNonQueryAsync();
        }

        var times = (await fixture.Database.RowsAsync($"SELECT extract(epoch FROM now() - at)::bigint FROM audit_entry WHERE user_name = '{name}'"))
            .Select(row => long.Parse(row[0], CultureInfo.InvariantCulture)).ToList();
        Assert.Equal(2, times.Count);
        Assert.All(times, secondsAgo => Assert.InRange(secondsAgo, 0, 120));
    }

    [Fact]
    public async Task Migrate_refuses_one_role_named_for_two_processes_and_changes_nothing()
    {
        var grantsBefore = await GrantsAsync();

        var run = await WorkerProcess.RunAsync(
            "migrate", $"--ConnectionStrings:PrisonOwner={Roles.OwnerConnectionString}", $"--Database:WebRole={Roles.Web}", $"--Database:WorkerRole={Roles.Web}");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains($"Database:WebRole and Database:WorkerRole all name '{Roles.Web}': give each process a role of its own.", run.Output);
        Assert.Equal(grantsBefore, await GrantsAsync());
    }

    [Theory]
    [InlineData("GRANT UPDATE, DELETE, TRUNCATE ON audit_entry TO CURRENT_USER")]
    [InlineData("GRANT ALL ON audit_entry TO PUBLIC")]
    [InlineData("GRANT CREATE ON SCHEMA public TO CURRENT_USER")]
    public async Task A_grant_the_application_role_gives_itself_grants_nothing(string statement)
    {
        await using var connection = await Roles.OpenAsApplicationAsync();
        await using (var grant = new NpgsqlCommand(statement, connection))
        {
            // PostgreSQL refuses it, or (where the role holds some right on the object) warns that it granted nothing.
            try
            {
                await grant.ExecuteNonQueryAsync();
            }
            catch (PostgresException refused) when (refused.SqlState == PostgresErrorCodes.InsufficientPrivilege)
            {
            }
        }

        await using var check = new NpgsqlCommand(
            """
            SELECT has_table_privilege('audit_entry', 'UPDATE'), has_table_privilege('audit_entry', 'DELETE'),
                   has_table_privilege('audit_entry', 'TRUNCATE'), has_schema_privilege('public', 'CREATE')
            """,
            connection);
        await using var reader = await check.ExecuteReaderAsync();
        await reader.ReadAsync();
        Assert.Equal([false, false, false, false], Enumerable.Range(0, 4).Select(reader.GetBoolean));
    }

    [Fact]
    public async Task Migrate_as_the_owner_gives_the_application_role_reading_and_appending_only_on_the_audit_log_and_reading_only_on_the_migration_history()
    {
        Assert.Equal("The database schema is up to date: nothing to apply.", fixture.MigrateOutputs[1].Trim());
        Assert.Equal(
            [["__EFMigrationsHistory", "SELECT"], ["audit_entry", "INSERT,SELECT"]],
            await fixture.Database.RowsAsync($"""
                SELECT table_name, string_agg(privilege_type, ',' ORDER BY privilege_type)
                FROM information_schema.role_table_grants
                WHERE grantee = '{Roles.Application}' AND table_name IN ('audit_entry', '__EFMigrationsHistory')
                GROUP BY table_name ORDER BY table_name
                """));
        // Everything else is read and written, but for the tables narrowed for every process (the test above and the next).
        var narrowed = string.Join(", ", Db.Migrations.ApplicationRoleRights.Narrowed(Db.Migrations.ProcessKind.Every).Keys.Select(table => $"'{table}'"));
        Assert.Equal(0L, await fixture.Database.ScalarAsync<long>($"""
            SELECT count(*) FROM pg_tables t
            WHERE t.schemaname IN ('public', 'hangfire') AND t.tablename NOT IN ('audit_entry', '__EFMigrationsHistory', {narrowed})
              AND NOT (has_table_privilege('{Roles.Application}', format('%I.%I', t.schemaname, t.tablename), 'SELECT')
                       AND has_table_privilege('{Roles.Application}', format('%I.%I', t.schemaname, t.tablename), 'INSERT')
                       AND has_table_privilege('{Roles.Application}', format('%I.%I', t.schemaname, t.tablename), 'UPDATE')
                       AND has_table_privilege('{Roles.Application}', format('%I.%I', t.schemaname, t.tablename), 'DELETE'))
            """));
        Assert.Equal(0L, await fixture.Database.ScalarAsync<long>($"""
            SELECT count(*) FROM pg_tables t
            WHERE t.schemaname IN ('public', 'hangfire')
              AND (has_table_privilege('{Roles.Application}', format('%I.%I', t.schemaname, t.tablename), 'TRUNCATE, REFERENCES, TRIGGER'))
            """));
    }

    [Theory]
    [InlineData("owner")]
    [InlineData("missing")]
    public async Task Migrate_refuses_an_application_role_that_would_hold_the_owners_rights_or_does_not_exist_and_changes_nothing(string which)
    {
        var role = which == "owner" ? Roles.Owner : $"{Roles.Application}_missing";
        var grantsBefore = await GrantsAsync();

        var run = await WorkerProcess.RunAsync(
            "migrate", $"--ConnectionStrings:PrisonOwner={Roles.OwnerConnectionString}", $"--ConnectionStrings:Prison={Roles.ApplicationConnectionString}", $"--Database:ApplicationRole={role}");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains($"Database:ApplicationRole is '{role}', ", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(grantsBefore, await GrantsAsync());
    }

    [Theory]
    [InlineData("owner")]
    [InlineData("superuser")]
    public async Task The_worker_refuses_to_start_on_a_connection_with_more_rights_than_the_application_role_it_names(string which)
    {
        var connection = which == "owner" ? Roles.OwnerConnectionString : fixture.Database.ConnectionString;
        var user = new NpgsqlConnectionStringBuilder(connection).Username;

        var run = await WorkerProcess.RunAsync(
            "run", $"--ConnectionStrings:Prison={connection}", $"--Database:ApplicationRole={Roles.Application}", "--RabbitMq:Host=127.0.0.1", "--RabbitMq:Port=1");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains($"ConnectionStrings:Prison connects as '{user}', ", run.Output);
        Assert.Contains($"while Database:ApplicationRole is '{Roles.Application}'", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task An_application_role_named_beside_the_embedded_database_stops_migrate_with_one_sentence()
    {
        var folder = Directory.CreateTempSubdirectory("prison-role-");

        var run = await WorkerProcess.RunAsync("migrate", $"--Prison:DataFolder={folder.FullName}", $"--Database:ApplicationRole={Roles.Application}");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains($"Database:ApplicationRole is '{Roles.Application}', but no PostgreSQL database is configured (ConnectionStrings:Prison)", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Empty(folder.EnumerateFiles());
        folder.Delete(recursive: true);
    }

    [Fact]
    public async Task Web_the_worker_and_the_command_line_do_their_work_each_connected_as_its_own_role()
    {
        var prefix = ServerArguments.NewQueuePrefix();
        string[] As(string role) => ServerArguments.For(Roles.ConnectionStringOf(role), TestServers.RabbitMq, prefix, $"--Database:ApplicationRole={role}");
        var (webConfiguration, workerConfiguration, commandLine) = (As(Roles.Web), As(Roles.Worker), As(Roles.CommandLine));
        var number = $"AR{Guid.NewGuid():N}"[..10].ToUpperInvariant();
        await using (var db = PrisonDatabase.OpenAs(new AuditActor("import"), Roles.ConnectionStringOf(Roles.CommandLine)))
        {
            if (!db.Prisons.Any())
            {
                db.Prisons.Add(Records.Prison(1));
            }

            db.Prisoners.Add(Records.Harmless(number, 1, DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-40)));
            await db.SaveRecordChangesAsync();
        }

        var name = $"staff-{Guid.NewGuid():N}"[..14];
        var added = await WorkerProcess.RunWithInputAsync(SigningIn.Password, ["users", "add", name, "--role", Db.Identity.Roles.Staff, "--all-prisons", "--password-stdin", .. commandLine[1..]]);
        Assert.True(added.ExitCode == 0, added.Output);

        await using var worker = await RunningWorker.StartAsync(Roles.ConnectionStringOf(Roles.Worker), prefix, null, services => services.AddLogging(logging => logging.AddFakeLogging()), workerConfiguration[^1]);
        await using var web = await RunningWeb.StartAsync([.. webConfiguration, RunningWeb.InsecureCookies], services: services => services.AddLogging(logging => logging.AddFakeLogging()));
        using var client = web.CreateClient();
        using (var signedIn = await client.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        }

        // users add gives a password to be changed at the first sign-in: changed through web, as the application role.
        using (var changed = await client.ChangePasswordAsync(SigningIn.Password, "Quartz-Harbour-71!"))
        {
            Assert.Equal(HttpStatusCode.Redirect, changed.StatusCode);
        }

        var (_, token) = await NoticePosting.OpenAsync(client, number);
        var yesterday = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        using (var posted = await NoticePosting.PostAsync(client, number, token, "Weapon", yesterday, "a blade taped under the bunk"))
        {
            Assert.Equal(HttpStatusCode.Redirect, posted.StatusCode);
        }

        await Eventually.Async(
            () => fixture.Database.ScalarAsync<string>($"SELECT danger_status FROM prisoner WHERE number = '{number}'"),
            status => status == "Dangerous",
            $"the worker's verdict on {number}",
            TimeSpan.FromSeconds(60));
        Assert.Equal(
            ["PrisonerAdded", "PrisonerChanged", "PrisonerViewed"],
            (await fixture.Database.RowsAsync($"SELECT DISTINCT action FROM audit_entry WHERE prisoner_number = '{number}' ORDER BY action")).Select(row => row[0]));
        Assert.Equal(1L, await fixture.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE user_name = '{name}' AND action = 'SignedIn'"));
        Assert.True(await fixture.Database.ScalarAsync<long>("SELECT count(*) FROM hangfire.set WHERE key = 'recurring-jobs'") > 0);

        // A scheduled job fired from the command line, then from web's operations page: neither may write Hangfire's
        // storage, so each asks the worker by message, and the worker's role fires it.
        var storage = worker.Services.GetRequiredService<JobStorage>();
        var before = JobRuns.Last(storage, NightlyReevaluationJob.Name);
        var fired = await WorkerProcess.RunAsync(["jobs", "trigger", NightlyReevaluationJob.Name, .. commandLine[1..]]);
        Assert.True(fired.ExitCode == 0, fired.Output);
        var firedByCommandLine = await Eventually.Async(() => Task.FromResult(JobRuns.Last(storage, NightlyReevaluationJob.Name)), run => run != before, "the worker to fire the job the command line asked for");
        Assert.Equal("Succeeded", (await JobRuns.FinishedAsync(storage, firedByCommandLine!))[^1].StateName);
        await Eventually.Async(() => fixture.Database.ScalarAsync<long>("SELECT count(*) FROM reevaluation_run WHERE finished_at IS NULL"), going => going == 0, "the nightly run to end");

        var operatorName = await web.CreateUserAsync(Db.Identity.Roles.Operator);
        using var operatorClient = await web.ClientSignedInAsAsync(operatorName);
        var operations = SigningIn.TokenIn(await operatorClient.GetStringAsync("/operations"));
        using (var asked = await operatorClient.PostAsync("/operations?handler=Job", new FormUrlEncodedContent(
            [new(NoticePosting.TokenField, operations), new("job", NightlyReevaluationJob.Name), new("act", "Fire")])))
        {
            Assert.Equal(HttpStatusCode.Redirect, asked.StatusCode);
        }

        var firedByWeb = await Eventually.Async(() => Task.FromResult(JobRuns.Last(storage, NightlyReevaluationJob.Name)), run => run != firedByCommandLine, "the worker to fire the job web asked for");
        Assert.Equal("Succeeded", (await JobRuns.FinishedAsync(storage, firedByWeb!))[^1].StateName);
        await Eventually.Async(() => fixture.Database.ScalarAsync<long>("SELECT count(*) FROM reevaluation_run WHERE finished_at IS NULL"), going => going == 0, "the nightly run to end");

        // The operator's full re-evaluation, which web starts itself and the worker carries out.
        using (var run = await operatorClient.PostAsync("/operations?handler=Run", new FormUrlEncodedContent([new(NoticePosting.TokenField, operations)])))
        {
            Assert.Equal(HttpStatusCode.Redirect, run.StatusCode);
        }

        await Eventually.Async(
            () => fixture.Database.ScalarAsync<long>("SELECT count(*) FROM reevaluation_run WHERE started_by LIKE 'operations page%' AND finished_at IS NOT NULL AND done = total"),
            finished => finished == 1,
            "the operator's full re-evaluation to finish");

        // A statement refused to either anywhere in their work (a consumer, Hangfire's upkeep in the background) is logged
        // as an error. The health checks' reports are not: the probes that waited for the bus to start logged its "not started".
        var errors = new[] { worker.Services, web.Services }
            .SelectMany(services => services.GetFakeLogCollector().GetSnapshot())
            .Where(log => log.Level >= LogLevel.Error && log.Category != "Microsoft.Extensions.Diagnostics.HealthChecks.DefaultHealthCheckService")
            .Select(log => $"{log.Category}: {log.Message} {log.Exception}")
            .ToList();
        Assert.True(errors.Count == 0, string.Join("\n", errors));
    }

    /// <summary>The scratch role of a process as the tests name it: "web", "worker", "command line", or one role for all.</summary>
    private string RoleOf(string process) => process switch
    {
        "web" => Roles.Web,
        "worker" => Roles.Worker,
        "command line" => Roles.CommandLine,
        _ => Roles.Application,
    };

    /// <summary>An audit entry written as web writes one, as the application role: a log to lose.</summary>
    private async Task AppendAuditEntryAsync()
    {
        await using var db = PrisonDatabase.OpenAs(new AuditActor("role-test"), Roles.ApplicationConnectionString);
        db.AuditEntries.Add(AuditEntry.SignedIn("role-test", "127.0.0.1"));
        await db.SaveChangesAsync();
    }

    private Task<IReadOnlyList<string[]>> AuditRowsAsync() =>
        fixture.Database.RowsAsync("SELECT id::text, summary, coalesce(before_values, ''), coalesce(after_values, '') FROM audit_entry ORDER BY id");

    private Task<IReadOnlyList<string[]>> GrantsAsync() =>
        fixture.Database.RowsAsync("SELECT table_schema, table_name, grantee, privilege_type FROM information_schema.role_table_grants ORDER BY 1, 2, 3, 4");
}
