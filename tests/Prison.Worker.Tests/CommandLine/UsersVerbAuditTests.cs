namespace Prison.Worker.Tests.CommandLine;

/// <summary>
/// What the users verbs leave in the audit log and in web, run as an admin runs them (a separate process) against a
/// migrated scratch PostgreSQL database: apart from <see cref="UsersVerbTests"/>, so that the two run side by side.
/// </summary>
public sealed class UsersVerbAuditTests : IAsyncLifetime
{
    private UsersCommandLine _users = null!;

    public async Task InitializeAsync() => _users = await UsersCommandLine.StartAsync();

    public async Task DisposeAsync() => await _users.DisposeAsync();

    [Fact]
    public async Task Assign_ends_the_users_open_session_in_web_at_once_and_leaves_one_audit_entry()
    {
        await _users.AddPrisonsAsync();
        const string password = "Correct-Horse-9!";
        var added = await _users.RunWithInputAsync(password, "add", "lee", "--role", "Staff", "--all-prisons", "--password-stdin");
        Assert.True(added.ExitCode == 0, added.Output);
        await using var web = await RunningWeb.StartAsync(_users.Database, ServerArguments.NewQueuePrefix());
        using var client = await web.ClientSignedInAsAsync("lee", password);
        // A password users add set is changed at the first sign-in, before any other page opens.
        Assert.Equal("/password", (await client.GetAsync("/")).Headers.Location?.OriginalString);
        const string own = "Lee-Own-Passw0rd-3";
        (await client.ChangePasswordAsync(password, own)).Dispose();
        Assert.Contains("href=\"/prisons/P2\"", await client.GetStringAsync("/"));

        var run = await _users.RunAsync("assign", "lee", "--prison", "P1");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains("lee now works in P1; their open sessions end at once.", run.Output);
        var ended = await Eventually.Async(
            async () => (await client.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "lee's session to end", TimeSpan.FromSeconds(10));
        Assert.Equal("/sign-in", ended);
        Assert.Equal(
            [["PrisonsAssigned", "Gave lee the prison P1 (had all prisons); their sessions ended"]],
            await _users.Database.RowsAsync("SELECT action, summary FROM audit_entry WHERE action = 'PrisonsAssigned' AND summary LIKE 'Gave lee %'"));
        using var again = await web.ClientSignedInAsAsync("lee", own);
        var start = await again.GetStringAsync("/");
        Assert.Contains("href=\"/prisons/P1\"", start);
        Assert.DoesNotContain("href=\"/prisons/P2\"", start);
    }

    [Fact]
    public async Task Each_change_is_audited_as_made_by_the_command_line_and_the_account_that_ran_it_on_its_machine_naming_the_user()
    {
        await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons");
        await _users.RunAsync("assign", "judy", "--all-prisons");
        await _users.RunAsync("disable", "judy");
        await _users.RunAsync("enable", "judy");
        await _users.RunAsync("reset-password", "judy");
        await _users.Database.ExecuteAsync("UPDATE staff_user SET two_factor_enabled = true WHERE user_name = 'judy'");
        var reset = await _users.RunAsync("reset-two-factor", "judy");
        var refused = await _users.RunAsync("reset-two-factor", "judy");
        await _users.RunAsync("list");

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
            (await _users.Database.RowsAsync("SELECT user_name, action, subject_user_name, remote_address FROM audit_entry ORDER BY at, id")).Select(r => r.ToArray()));
        Assert.False(await _users.Database.ScalarAsync<bool>("SELECT two_factor_enabled FROM staff_user WHERE user_name = 'judy'"));
    }

    /// <summary>
    /// The finding of issue 39: the command line acted as "command line (ACCOUNT)", naming no person. Once an admin of all
    /// prisons exists, a change names one with --by, checked, and recorded in every entry it writes.
    /// </summary>
    [Fact]
    public async Task Once_an_admin_of_all_prisons_exists_a_change_names_one_with_by_and_every_entry_records_them()
    {
        await _users.RunAsync("add", "hq-admin", "--role", "Admin", "--all-prisons");
        await _users.AddPrisonsAsync();
        await _users.RunAsync("add", "one-admin", "--role", "Admin", "--prison", "P1", "--by", "hq-admin");
        await _users.RunAsync("add", "gone-admin", "--role", "Admin", "--all-prisons", "--by", "HQ-ADMIN");
        await _users.RunAsync("disable", "gone-admin", "--by", "hq-admin");

        var unnamed = await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons");
        var nobody = await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "nobody");
        var limited = await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "one-admin");
        var disabled = await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "gone-admin");
        var added = await _users.RunAsync("add", "judy", "--role", "Staff", "--all-prisons", "--by", "Hq-Admin");
        var reset = await _users.RunAsync("reset-password", "judy", "--by", "hq-admin");
        var listed = await _users.RunAsync("list");

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
            (await _users.Database.RowsAsync("SELECT user_name, action, remote_address FROM audit_entry WHERE subject_user_name = 'judy' ORDER BY at, id")).Select(r => r.ToArray()));
        Assert.Equal([$"command line ({Environment.UserName})"], (await _users.Database.RowsAsync("SELECT user_name FROM audit_entry WHERE subject_user_name = 'hq-admin'")).Select(r => r[0]));
    }
}
