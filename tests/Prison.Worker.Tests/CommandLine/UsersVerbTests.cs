using System.Text.RegularExpressions;

namespace Prison.Worker.Tests.CommandLine;

/// <summary>The users verbs, run as an admin runs them (a separate process) against a migrated scratch PostgreSQL database.</summary>
public sealed class UsersVerbTests : IAsyncLifetime
{
    private ScratchDatabase _database = null!;

    public async Task InitializeAsync() => _database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);

    public async Task DisposeAsync() => await _database.DisposeAsync();

    [Fact]
    public async Task Add_creates_the_user_with_its_roles_and_prints_a_strong_generated_password_once()
    {
        var run = await UsersAsync("add", "alice", "--role", "Staff", "--role", "admin", "--all-prisons");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("Added alice with the role(s) Staff, Admin.", run.Output);
        Assert.Contains("alice works in all prisons.", run.Output);
        var password = Regex.Match(run.Output, "Password of alice: (\\S+)").Groups[1].Value;
        Assert.True(password.Length >= 16, run.Output);
        Assert.Equal(["Admin", "Staff"], await RolesOfAsync("alice"));
        Assert.DoesNotContain(password, await _database.ScalarAsync<string>("SELECT password_hash FROM staff_user WHERE user_name = 'alice'"));
    }

    [Fact]
    public async Task Add_with_password_stdin_takes_the_password_from_standard_input_and_does_not_print_it()
    {
        var run = await WorkerProcess.RunWithInputAsync("Correct-Horse-9", ["users", "add", "bob", "--role", "Operator", "--password-stdin", .. Configuration()]);

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.DoesNotContain("Correct-Horse-9", run.Output);
        Assert.Equal(["Operator"], await RolesOfAsync("bob"));
    }

    [Fact]
    public async Task A_weak_password_is_refused_with_the_rules_it_breaks_and_nothing_is_added()
    {
        var run = await WorkerProcess.RunWithInputAsync("password", ["users", "add", "carol", "--role", "Staff", "--all-prisons", "--password-stdin", .. Configuration()]);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Nothing was changed: The password is too weak", run.Output);
        Assert.Contains("at least 10 characters", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await UserCountAsync());
    }

    [Fact]
    public async Task A_taken_name_is_refused_whatever_its_case_and_the_first_user_is_left_as_it_was()
    {
        await UsersAsync("add", "dave", "--role", "Staff", "--all-prisons");
        var hash = await _database.ScalarAsync<string>("SELECT password_hash FROM staff_user");

        var run = await UsersAsync("add", "DAVE", "--role", "Admin", "--all-prisons");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("A user called 'DAVE' exists already.", run.Output);
        Assert.Equal(1, await UserCountAsync());
        Assert.Equal(["Staff"], await RolesOfAsync("dave"));
        Assert.Equal(hash, await _database.ScalarAsync<string>("SELECT password_hash FROM staff_user"));
    }

    [Theory]
    [InlineData("two words", "Nothing was changed: A user name has only letters, digits and . - _, without spaces: 'two words' has others.")]
    [InlineData("frank@example.org", "Nothing was changed: A user name has only letters, digits and . - _, without spaces: 'frank@example.org' has others.")]
    [InlineData("{65}", "Nothing was changed: A user name has at most 64 characters: this one has 65.")]
    [InlineData("{300}", "Nothing was changed: A user name has at most 64 characters: this one has 300.")]
    public async Task A_name_longer_than_64_characters_or_with_others_than_letters_digits_and_dot_dash_underscore_is_refused_and_nothing_is_added(string name, string message)
    {
        name = name is ['{', .., '}'] ? new string('n', int.Parse(name[1..^1], System.Globalization.CultureInfo.InvariantCulture)) : name;

        var run = await UsersAsync("add", name, "--role", "Staff", "--all-prisons");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains(message, run.Output.ReplaceLineEndings(string.Empty));
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await UserCountAsync());
    }

    [Fact]
    public async Task A_name_of_64_letters_digits_and_dot_dash_underscore_is_added()
    {
        var name = "g.h-i_".PadRight(64, '7');

        var run = await UsersAsync("add", name, "--role", "Staff", "--all-prisons");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Equal(["Staff"], await RolesOfAsync(name));
    }

    [Theory]
    [InlineData("Warden", "'Warden' is not a role. The roles are Staff, Admin, Operator.")]
    [InlineData(null, "Say which role: --role Staff|Admin|Operator.")]
    public async Task A_missing_or_unknown_role_prints_usage_and_adds_nothing(string? role, string message)
    {
        var run = role is null ? await UsersAsync("add", "erin") : await UsersAsync("add", "erin", "--role", role);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(message, run.Output);
        Assert.Contains("--password-stdin", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await UserCountAsync());
    }

    [Fact]
    public async Task List_shows_each_user_with_roles_prisons_lockout_and_disabled()
    {
        await UsersAsync("add", "frank", "--role", "Staff", "--all-prisons");
        await UsersAsync("add", "grace", "--role", "Operator");
        await _database.ExecuteAsync($"UPDATE staff_user SET lockout_end = '{DateTime.UtcNow.AddHours(1):yyyy-MM-dd HH:mm:ss}+00' WHERE user_name = 'grace'");
        await UsersAsync("disable", "frank");

        var run = await UsersAsync("list");

        Assert.True(run.ExitCode == 0, run.Output);
        var frank = run.Output.Split('\n').Single(l => l.Contains("frank"));
        var grace = run.Output.Split('\n').Single(l => l.Contains("grace"));
        Assert.Matches("frank\\s*│\\s*Staff\\s*│\\s*all prisons\\s*│\\s*no\\s*│\\s*yes\\s*│\\s*off", frank);
        Assert.Matches("grace\\s*│\\s*Operator\\s*│\\s*no prison\\s*│\\s*until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\s*│\\s*no\\s*│\\s*off", grace);
    }

    [Fact]
    public async Task Disable_marks_the_user_and_changes_their_security_stamp_so_open_sessions_end()
    {
        await UsersAsync("add", "heidi", "--role", "Staff", "--all-prisons");
        var stamp = await _database.ScalarAsync<string>("SELECT security_stamp FROM staff_user");

        var run = await UsersAsync("disable", "heidi");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.True(await _database.ScalarAsync<bool>("SELECT is_disabled FROM staff_user"));
        Assert.NotEqual(stamp, await _database.ScalarAsync<string>("SELECT security_stamp FROM staff_user"));
    }

    [Fact]
    public async Task Reset_password_prints_a_new_password_and_lifts_a_lockout()
    {
        await UsersAsync("add", "ivan", "--role", "Staff", "--all-prisons");
        await _database.ExecuteAsync("UPDATE staff_user SET lockout_end = now() + interval '1 hour', access_failed_count = 3");
        var hash = await _database.ScalarAsync<string>("SELECT password_hash FROM staff_user");

        var run = await UsersAsync("reset-password", "ivan");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Matches("Password of ivan: \\S{16,}", run.Output);
        Assert.NotEqual(hash, await _database.ScalarAsync<string>("SELECT password_hash FROM staff_user"));
        Assert.Equal(0L, await _database.ScalarAsync<long>("SELECT count(*) FROM staff_user WHERE lockout_end IS NOT NULL OR access_failed_count <> 0"));
    }

    [Theory]
    [InlineData("disable")]
    [InlineData("enable")]
    [InlineData("reset-password")]
    [InlineData("reset-two-factor")]
    public async Task A_verb_naming_no_user_says_so_and_exits_1(string verb)
    {
        var run = await UsersAsync(verb, "nobody");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Nothing was changed: There is no user called 'nobody'.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task Add_with_prisons_gives_the_user_exactly_those_whatever_the_case_typed_and_list_shows_them()
    {
        await AddPrisonsAsync();

        var added = await UsersAsync("add", "kim", "--role", "Staff", "--prison", "p2", "--prison", "P1");
        var list = await UsersAsync("list");

        Assert.True(added.ExitCode == 0, added.Output);
        Assert.Contains("Added kim with the role(s) Staff.", added.Output);
        Assert.Contains("kim works in P1, P2.", added.Output);
        Assert.Matches("kim\\s*│\\s*Staff\\s*│\\s*P1, P2\\s*│", list.Output.Split('\n').Single(l => l.Contains("kim")));
        Assert.Equal([["1"], ["2"]], await _database.RowsAsync("SELECT prison_id FROM staff_user_prison ORDER BY prison_id"));
    }

    [Fact]
    public async Task Assign_ends_the_users_open_session_in_web_at_once_and_leaves_one_audit_entry()
    {
        await AddPrisonsAsync();
        const string password = "Correct-Horse-9!";
        var added = await UsersWithInputAsync(password, "add", "lee", "--role", "Staff", "--all-prisons", "--password-stdin");
        Assert.True(added.ExitCode == 0, added.Output);
        await using var web = await RunningWeb.StartAsync(_database, ServerArguments.NewQueuePrefix());
        using var client = await web.ClientSignedInAsAsync("lee", password);
        // A password users add set is changed at the first sign-in, before any other page opens.
        Assert.Equal("/password", (await client.GetAsync("/")).Headers.Location?.OriginalString);
        const string own = "Lee-Own-Passw0rd-3";
        (await client.ChangePasswordAsync(password, own)).Dispose();
        Assert.Contains("href=\"/prisons/P2\"", await client.GetStringAsync("/"));

        var run = await UsersAsync("assign", "lee", "--prison", "P1");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("lee now works in P1; their open sessions end at once.", run.Output);
        var ended = await Eventually.Async(
            async () => (await client.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "lee's session to end", TimeSpan.FromSeconds(10));
        Assert.Equal("/sign-in", ended);
        Assert.Equal(
            [["PrisonsAssigned", "Gave lee the prison P1 (had all prisons); their sessions ended"]],
            await _database.RowsAsync("SELECT action, summary FROM audit_entry WHERE action = 'PrisonsAssigned' AND summary LIKE 'Gave lee %'"));
        using var again = await web.ClientSignedInAsAsync("lee", own);
        var start = await again.GetStringAsync("/");
        Assert.Contains("href=\"/prisons/P1\"", start);
        Assert.DoesNotContain("href=\"/prisons/P2\"", start);
    }

    [Fact]
    public async Task A_prison_no_one_knows_is_refused_naming_the_prisons_there_are_and_nothing_changes()
    {
        await AddPrisonsAsync();
        await UsersAsync("add", "max", "--role", "Staff", "--prison", "P1");

        var assigned = await UsersAsync("assign", "max", "--prison", "P1", "--prison", "NOPE");
        var added = await UsersAsync("add", "ned", "--role", "Staff", "--prison", "NOPE");

        Assert.Equal(1, assigned.ExitCode);
        Assert.Contains("Nothing was changed: 'NOPE' is not a prison. The prisons are P1, P2.", assigned.Output);
        Assert.Equal(1, added.ExitCode);
        Assert.Contains("Nothing was changed: 'NOPE' is not a prison. The prisons are P1, P2.", added.Output);
        Assert.DoesNotContain("   at ", assigned.Output + added.Output);
        Assert.Equal([["1"]], await _database.RowsAsync("SELECT prison_id FROM staff_user_prison"));
        Assert.Equal(1L, await UserCountAsync());
    }

    [Theory]
    [InlineData("add olive --role Staff", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("add olive --role Operator --role Admin", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("add olive --role Staff --prison P1 --all-prisons", "Give --prison CODE or --all-prisons, not both.")]
    [InlineData("assign olive", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("assign olive --all-prisons --prison P1", "Give --prison CODE or --all-prisons, not both.")]
    public async Task Prisons_missing_for_Staff_or_Admin_or_given_both_ways_print_usage_and_change_nothing(string args, string message)
    {
        var run = await UsersAsync(args.Split(' '));

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(message, run.Output);
        Assert.Contains("--all-prisons", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await UserCountAsync());
    }

    [Fact]
    public async Task An_operator_is_added_without_prisons()
    {
        var run = await UsersAsync("add", "pat", "--role", "Operator");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("pat works in no prison.", run.Output);
    }

    [Fact]
    public async Task Each_change_is_audited_as_made_by_the_command_line_and_the_account_that_ran_it_on_its_machine_naming_the_user()
    {
        await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons");
        await UsersAsync("assign", "judy", "--all-prisons");
        await UsersAsync("disable", "judy");
        await UsersAsync("enable", "judy");
        await UsersAsync("reset-password", "judy");
        await _database.ExecuteAsync("UPDATE staff_user SET two_factor_enabled = true WHERE user_name = 'judy'");
        var reset = await UsersAsync("reset-two-factor", "judy");
        var refused = await UsersAsync("reset-two-factor", "judy");
        await UsersAsync("list");

        var (actor, from) = ($"command line ({Environment.UserName})", $"command line on {Environment.MachineName}");
        Assert.True(reset.ExitCode == 0, reset.Output);
        Assert.Contains("Reset the two-factor sign-in of judy", reset.Output);
        Assert.Equal(1, refused.ExitCode);
        Assert.Contains("Nothing was changed: judy has no two-factor sign-in to reset.", refused.Output);
        Assert.Equal(
            [
                [actor, "UserAdded", "judy", from], [actor, "PrisonsAssigned", "judy", from], [actor, "UserDisabled", "judy", from], [actor, "UserEnabled", "judy", from],
                [actor, "PasswordReset", "judy", from], [actor, "TwoFactorReset", "judy", from],
            ],
            (await _database.RowsAsync("SELECT user_name, action, subject_user_name, remote_address FROM audit_entry ORDER BY at, id")).Select(r => r.ToArray()));
        Assert.False(await _database.ScalarAsync<bool>("SELECT two_factor_enabled FROM staff_user WHERE user_name = 'judy'"));
    }

    /// <summary>
    /// The finding of issue 39: the command line acted as "command line (ACCOUNT)", naming no person. Once an admin of all
    /// prisons exists, a change names one with --by, checked, and recorded in every entry it writes.
    /// </summary>
    [Fact]
    public async Task Once_an_admin_of_all_prisons_exists_a_change_names_one_with_by_and_every_entry_records_them()
    {
        await UsersAsync("add", "hq-admin", "--role", "Admin", "--all-prisons");
        await AddPrisonsAsync();
        await UsersAsync("add", "one-admin", "--role", "Admin", "--prison", "P1", "--by", "hq-admin");
        await UsersAsync("add", "gone-admin", "--role", "Admin", "--all-prisons", "--by", "HQ-ADMIN");
        await UsersAsync("disable", "gone-admin", "--by", "hq-admin");

        var unnamed = await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons");
        var nobody = await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "nobody");
        var limited = await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "one-admin");
        var disabled = await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "gone-admin");
        var added = await UsersAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "Hq-Admin");
        var reset = await UsersAsync("reset-password", "judy", "--by", "hq-admin");
        var listed = await UsersAsync("list");

        Assert.Equal(2, unnamed.ExitCode);
        Assert.Contains("Say on whose word this is done: --by ADMIN", unnamed.Output);
        Assert.All(new[] { nobody, limited, disabled }, refused => Assert.Equal(1, refused.ExitCode));
        Assert.Contains("--by nobody: there is no enabled admin of all prisons called 'nobody'.", nobody.Output);
        Assert.True(added.ExitCode == 0, added.Output);
        Assert.True(reset.ExitCode == 0, reset.Output);
        Assert.True(listed.ExitCode == 0, listed.Output);
        var from = $"command line on {Environment.MachineName} ({Environment.UserName})";
        Assert.Equal(
            [["hq-admin", "UserAdded", from], ["hq-admin", "PasswordReset", from]],
            (await _database.RowsAsync("SELECT user_name, action, remote_address FROM audit_entry WHERE subject_user_name = 'judy' ORDER BY at, id")).Select(r => r.ToArray()));
        Assert.Equal([$"command line ({Environment.UserName})"], (await _database.RowsAsync("SELECT user_name FROM audit_entry WHERE subject_user_name = 'hq-admin'")).Select(r => r[0]));
    }

    [Fact]
    public async Task A_database_not_migrated_yet_is_named_in_one_sentence_without_a_stack_trace()
    {
        await using var empty = await ScratchDatabase.CreateAsync(Engine.PostgreSql);

        var run = await WorkerProcess.RunAsync("users", "list", $"--ConnectionStrings:Prison={empty.ConnectionString}", "--Logging:LogLevel:Default=None");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("This database has no users table yet: run 'migrate' first", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    private Task<(int ExitCode, string Output)> UsersAsync(params string[] args) => WorkerProcess.RunAsync(["users", .. args, .. Configuration()]);

    private Task<(int ExitCode, string Output)> UsersWithInputAsync(string input, params string[] args) => WorkerProcess.RunWithInputAsync(input, ["users", .. args, .. Configuration()]);

    private async Task AddPrisonsAsync()
    {
        await using var db = _database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        await db.SaveChangesAsync();
    }

    private string[] Configuration() => [$"--ConnectionStrings:Prison={_database.ConnectionString}", "--Logging:LogLevel:Default=Warning"];

    private Task<long> UserCountAsync() => _database.ScalarAsync<long>("SELECT count(*) FROM staff_user");

    private async Task<string[]> RolesOfAsync(string name) =>
        [.. (await _database.RowsAsync($"SELECT r.name FROM staff_user_role ur JOIN staff_role r ON r.id = ur.role_id JOIN staff_user u ON u.id = ur.user_id WHERE u.user_name = '{name}' ORDER BY r.name")).Select(r => r[0])];
}
