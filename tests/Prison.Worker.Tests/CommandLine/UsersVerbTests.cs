using System.Text.RegularExpressions;

namespace Prison.Worker.Tests.CommandLine;

/// <summary>The users verbs, run as an admin runs them (a separate process) against a migrated scratch PostgreSQL database.</summary>
public sealed class UsersVerbTests : IAsyncLifetime
{
    private UsersCommandLine _users = null!;

    public async Task InitializeAsync() => _users = await UsersCommandLine.StartAsync();

    public async Task DisposeAsync() => await _users.DisposeAsync();

    [Fact]
    public async Task Add_creates_the_user_with_its_roles_and_prints_a_strong_generated_password_once()
    {
        var run = await _users.RunAsync("add", "alice", "--role", "Staff", "--role", "admin", "--all-prisons");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("Added alice with the role(s) Staff, Admin.", run.Output);
        Assert.Contains("alice works in all prisons.", run.Output);
        var password = Regex.Match(run.Output, "Password of alice: (\\S+)").Groups[1].Value;
        Assert.True(password.Length >= 16, run.Output);
        Assert.Equal(["Admin", "Staff"], await _users.RolesOfAsync("alice"));
        Assert.DoesNotContain(password, await _users.Database.ScalarAsync<string>("SELECT password_hash FROM staff_user WHERE user_name = 'alice'"));
    }

    [Fact]
    public async Task Add_with_password_stdin_takes_the_password_from_standard_input_and_does_not_print_it()
    {
        var run = await WorkerProcess.RunWithInputAsync("Correct-Horse-9", ["users", "add", "bob", "--role", "Operator", "--password-stdin", .. _users.Configuration()]);

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.DoesNotContain("Correct-Horse-9", run.Output);
        Assert.Equal(["Operator"], await _users.RolesOfAsync("bob"));
    }

    [Fact]
    public async Task A_weak_password_is_refused_with_the_rules_it_breaks_and_nothing_is_added()
    {
        var run = await WorkerProcess.RunWithInputAsync("password", ["users", "add", "carol", "--role", "Staff", "--all-prisons", "--password-stdin", .. _users.Configuration()]);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Nothing was changed: The password is too weak", run.Output);
        Assert.Contains("at least 10 characters", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await _users.UserCountAsync());
    }

    [Fact]
    public async Task A_taken_name_is_refused_whatever_its_case_and_the_first_user_is_left_as_it_was()
    {
        await _users.RunAsync("add", "dave", "--role", "Staff", "--all-prisons");
        var hash = await _users.Database.ScalarAsync<string>("SELECT password_hash FROM staff_user");

        var run = await _users.RunAsync("add", "DAVE", "--role", "Admin", "--all-prisons");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("A user called 'DAVE' exists already.", run.Output);
        Assert.Equal(1, await _users.UserCountAsync());
        Assert.Equal(["Staff"], await _users.RolesOfAsync("dave"));
        Assert.Equal(hash, await _users.Database.ScalarAsync<string>("SELECT password_hash FROM staff_user"));
    }

    [Theory]
    [InlineData("two words", "Nothing was changed: A user name has only letters, digits and . - _, without spaces: 'two words' has others.")]
    [InlineData("frank@example.org", "Nothing was changed: A user name has only letters, digits and . - _, without spaces: 'frank@example.org' has others.")]
    [InlineData("{65}", "Nothing was changed: A user name has at most 64 characters: this one has 65.")]
    [InlineData("{300}", "Nothing was changed: A user name has at most 64 characters: this one has 300.")]
    public async Task A_name_longer_than_64_characters_or_with_others_than_letters_digits_and_dot_dash_underscore_is_refused_and_nothing_is_added(string name, string message)
    {
        name = name is ['{', .., '}'] ? new string('n', int.Parse(name[1..^1], System.Globalization.CultureInfo.InvariantCulture)) : name;

        var run = await _users.RunAsync("add", name, "--role", "Staff", "--all-prisons");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains(message, run.Output.ReplaceLineEndings(string.Empty));
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await _users.UserCountAsync());
    }

    [Fact]
    public async Task A_name_of_64_letters_digits_and_dot_dash_underscore_is_added()
    {
        var name = "g.h-i_".PadRight(64, '7');

        var run = await _users.RunAsync("add", name, "--role", "Staff", "--all-prisons");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Equal(["Staff"], await _users.RolesOfAsync(name));
    }

    [Theory]
    [InlineData("Warden", "'Warden' is not a role. The roles are Staff, Admin, Operator.")]
    [InlineData(null, "Say which role: --role Staff|Admin|Operator.")]
    public async Task A_missing_or_unknown_role_prints_usage_and_adds_nothing(string? role, string message)
    {
        var run = role is null ? await _users.RunAsync("add", "erin") : await _users.RunAsync("add", "erin", "--role", role);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(message, run.Output);
        Assert.Contains("--password-stdin", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await _users.UserCountAsync());
    }

    [Fact]
    public async Task List_shows_each_user_with_roles_prisons_lockout_and_disabled()
    {
        await _users.RunAsync("add", "frank", "--role", "Staff", "--all-prisons");
        await _users.RunAsync("add", "grace", "--role", "Operator");
        await _users.Database.ExecuteAsync($"UPDATE staff_user SET lockout_end = '{DateTime.UtcNow.AddHours(1):yyyy-MM-dd HH:mm:ss}+00' WHERE user_name = 'grace'");
        await _users.RunAsync("disable", "frank");

        var run = await _users.RunAsync("list");

        Assert.True(run.ExitCode == 0, run.Output);
        var frank = run.Output.Split('\n').Single(l => l.Contains("frank"));
        var grace = run.Output.Split('\n').Single(l => l.Contains("grace"));
        Assert.Matches("frank\\s*│\\s*Staff\\s*│\\s*all prisons\\s*│\\s*no\\s*│\\s*yes\\s*│\\s*off", frank);
        Assert.Matches("grace\\s*│\\s*Operator\\s*│\\s*no prison\\s*│\\s*until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\s*│\\s*no\\s*│\\s*off", grace);
    }

    [Fact]
    public async Task Disable_marks_the_user_and_changes_their_security_stamp_so_open_sessions_end()
    {
        await _users.RunAsync("add", "heidi", "--role", "Staff", "--all-prisons");
        var stamp = await _users.Database.ScalarAsync<string>("SELECT security_stamp FROM staff_user");

        var run = await _users.RunAsync("disable", "heidi");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.True(await _users.Database.ScalarAsync<bool>("SELECT is_disabled FROM staff_user"));
        Assert.NotEqual(stamp, await _users.Database.ScalarAsync<string>("SELECT security_stamp FROM staff_user"));
    }

    [Fact]
    public async Task Reset_password_prints_a_new_password_and_lifts_a_lockout()
    {
        await _users.RunAsync("add", "ivan", "--role", "Staff", "--all-prisons");
        await _users.Database.ExecuteAsync("UPDATE staff_user SET lockout_end = now() + interval '1 hour', access_failed_count = 3");
        var hash = await _users.Database.ScalarAsync<string>("SELECT password_hash FROM staff_user");

        var run = await _users.RunAsync("reset-password", "ivan");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Matches("Password of ivan: \\S{16,}", run.Output);
        Assert.NotEqual(hash, await _users.Database.ScalarAsync<string>("SELECT password_hash FROM staff_user"));
        Assert.Equal(0L, await _users.Database.ScalarAsync<long>("SELECT count(*) FROM staff_user WHERE lockout_end IS NOT NULL OR access_failed_count <> 0"));
    }

    [Theory]
    [InlineData("disable")]
    [InlineData("enable")]
    [InlineData("reset-password")]
    [InlineData("reset-two-factor")]
    public async Task A_verb_naming_no_user_says_so_and_exits_1(string verb)
    {
        var run = await _users.RunAsync(verb, "nobody");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Nothing was changed: There is no user called 'nobody'.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task Add_with_prisons_gives_the_user_exactly_those_whatever_the_case_typed_and_list_shows_them()
    {
        await _users.AddPrisonsAsync();

        var added = await _users.RunAsync("add", "kim", "--role", "Staff", "--prison", "p2", "--prison", "P1");
        var list = await _users.RunAsync("list");

        Assert.True(added.ExitCode == 0, added.Output);
        Assert.Contains("Added kim with the role(s) Staff.", added.Output);
        Assert.Contains("kim works in P1, P2.", added.Output);
        Assert.Matches("kim\\s*│\\s*Staff\\s*│\\s*P1, P2\\s*│", list.Output.Split('\n').Single(l => l.Contains("kim")));
        Assert.Equal([["1"], ["2"]], await _users.Database.RowsAsync("SELECT prison_id FROM staff_user_prison ORDER BY prison_id"));
    }

    [Fact]
    public async Task A_prison_no_one_knows_is_refused_naming_the_prisons_there_are_and_nothing_changes()
    {
        await _users.AddPrisonsAsync();
        await _users.RunAsync("add", "max", "--role", "Staff", "--prison", "P1");

        var assigned = await _users.RunAsync("assign", "max", "--prison", "P1", "--prison", "NOPE");
        var added = await _users.RunAsync("add", "ned", "--role", "Staff", "--prison", "NOPE");

        Assert.Equal(1, assigned.ExitCode);
        Assert.Contains("Nothing was changed: 'NOPE' is not a prison. The prisons are P1, P2.", assigned.Output);
        Assert.Equal(1, added.ExitCode);
        Assert.Contains("Nothing was changed: 'NOPE' is not a prison. The prisons are P1, P2.", added.Output);
        Assert.DoesNotContain("   at ", assigned.Output + added.Output);
        Assert.Equal([["1"]], await _users.Database.RowsAsync("SELECT prison_id FROM staff_user_prison"));
        Assert.Equal(1L, await _users.UserCountAsync());
    }

    [Theory]
    [InlineData("add olive --role Staff", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("add olive --role Operator --role Admin", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("add olive --role Staff --prison P1 --all-prisons", "Give --prison CODE or --all-prisons, not both.")]
    [InlineData("assign olive", "Say which prisons olive works in: --prison CODE (repeat for several) or --all-prisons.")]
    [InlineData("assign olive --all-prisons --prison P1", "Give --prison CODE or --all-prisons, not both.")]
    public async Task Prisons_missing_for_Staff_or_Admin_or_given_both_ways_print_usage_and_change_nothing(string args, string message)
    {
        var run = await _users.RunAsync(args.Split(' '));

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(message, run.Output);
        Assert.Contains("--all-prisons", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0, await _users.UserCountAsync());
    }

    [Fact]
    public async Task An_operator_is_added_without_prisons()
    {
        var run = await _users.RunAsync("add", "pat", "--role", "Operator");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("pat works in no prison.", run.Output);
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
}
