using System.CommandLine;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;
using Prison.Db;
using Prison.Db.Identity;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// Who can sign in to the dashboard: add, list, disable, enable, reset a password or a two-factor sign-in, assign
/// prisons. How an admin creates the first admin of a production installation, which starts with no users. A refused
/// change (weak password, taken name, unknown user, unknown prison) says why, exits 1 and changes nothing. Every change
/// is audited as made by the admin of all prisons named by --by (required once one exists), from the machine and the
/// operating-system account that ran it.
/// </summary>
internal static class UsersVerb
{
    /// <summary>The newest migration the users verbs need: the prisons users work in.</summary>
    private const string UsersMigration = "018_user_prisons";

    public static Command Create()
    {
        var roleHelp = string.Join("|", Roles.All);
        var addName = new Argument<string>("NAME") { Description = $"the user name they sign in with (at most {UserNames.MaxLength} characters: {UserNames.Allowed})" };
        var role = new Option<string[]>("--role")
        {
            Description = $"a role to give: {string.Join(", ", Roles.All)} (repeat for several; Admin can do all Staff can)",
            HelpName = roleHelp,
        };
        var addPasswordStdin = new Option<bool>("--password-stdin") { Description = "read the password from standard input instead of generating one" };
        var (addPrison, addAllPrisons) = PrisonOptions();
        var addBy = ByOption();
        var add = Verb.Create("add", "Add a user with one or more roles and the prisons they work in. Prints a generated password once, unless --password-stdin gives one.", (parse, configuration, cancellationToken) =>
        {
            var roles = parse.GetValue(role) ?? [];
            if (roles.Length == 0)
            {
                throw new UsageException($"Say which role: --role {roleHelp}.");
            }

            if (roles.FirstOrDefault(r => Roles.Find(r) is null) is { } unknown)
            {
                throw new UsageException($"'{unknown}' is not a role. The roles are {string.Join(", ", Roles.All)}.");
            }

            var name = parse.GetValue(addName)!;
            var prisons = Prisons(parse, addPrison, addAllPrisons);
            if (prisons.IsNone && roles.Any(r => Roles.Find(r) is Roles.Staff or Roles.Admin))
            {
                throw new UsageException($"Say which prisons {name} works in: --prison CODE (repeat for several) or --all-prisons. Staff and Admin see prisoners only in their prisons.");
            }

            var given = parse.GetValue(addPasswordStdin) ? ReadPassword() : null;
            return WithAccountsAsync(configuration, parse.GetValue(addBy), cancellationToken, async accounts =>
            {
                var password = await accounts.AddAsync(name, roles, given, prisons, cancellationToken: cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"[green]Added {name}[/] with the role(s) {string.Join(", ", roles.Select(r => Roles.Find(r)))}.");
                AnsiConsole.MarkupLineInterpolated($"{name} works in {(await accounts.FindAccountAsync(name, cancellationToken))!.Prisons}.");
                if (given is null)
                {
                    PrintPassword(name, password);
                }
            });
        }, addName, role, addPrison, addAllPrisons, addPasswordStdin, addBy);

        var assignName = new Argument<string>("NAME") { Description = "the user" };
        var (assignPrison, assignAllPrisons) = PrisonOptions();
        var assignBy = ByOption();
        var assign = Verb.Create("assign", "Set the prisons a user works in (exactly those given, or all); their open sessions end at once.", (parse, configuration, cancellationToken) =>
        {
            var name = parse.GetValue(assignName)!;
            var prisons = Prisons(parse, assignPrison, assignAllPrisons);
            if (prisons.IsNone)
            {
                throw new UsageException($"Say which prisons {name} works in: --prison CODE (repeat for several) or --all-prisons.");
            }

            return WithAccountsAsync(configuration, parse.GetValue(assignBy), cancellationToken, async accounts =>
            {
                var assigned = await accounts.AssignPrisonsAsync(name, prisons, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"{name} now works in {assigned}; their open sessions end at once.");
            });
        }, assignName, assignPrison, assignAllPrisons, assignBy);

        var list = Verb.Create("list", "Every user with roles, prisons, lockout, whether disabled and whether two-factor sign-in is on.", (_, configuration, cancellationToken) =>
            ReadAccountsAsync(configuration, cancellationToken, async accounts =>
            {
                var table = new Table().AddColumns("Name", "Roles", "Prisons", "Locked out", "Disabled", "Two-factor");
                foreach (var account in await accounts.ListAsync(cancellationToken))
                {
                    table.AddRow(
                        Markup.Escape(account.Name),
                        string.Join(", ", account.Roles),
                        Markup.Escape(account.Prisons.ToString()),
                        account.LockedOutUntil is { } until ? $"until {until.UtcDateTime:yyyy-MM-dd HH:mm} UTC" : "no",
                        account.IsDisabled ? "yes" : "no",
                        account.HasTwoFactor ? "on" : "off");
                }

                AnsiConsole.Write(table);
            }));

        var disableName = new Argument<string>("NAME") { Description = "the user" };
        var disableBy = ByOption();
        var disable = Verb.Create("disable", "Stop a user from signing in; their open session ends within a minute.", (parse, configuration, cancellationToken) =>
            WithAccountsAsync(configuration, parse.GetValue(disableBy), cancellationToken, async accounts =>
            {
                var name = parse.GetValue(disableName)!;
                await accounts.DisableAsync(name, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Disabled {name}: they cannot sign in, and an open session of theirs ends within a minute.");
            }), disableName, disableBy);

        var enableName = new Argument<string>("NAME") { Description = "the user" };
        var enableBy = ByOption();
        var enable = Verb.Create("enable", "Let a disabled user sign in again.", (parse, configuration, cancellationToken) =>
            WithAccountsAsync(configuration, parse.GetValue(enableBy), cancellationToken, async accounts =>
            {
                var name = parse.GetValue(enableName)!;
                await accounts.EnableAsync(name, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Enabled {name}.");
            }), enableName, enableBy);

        var resetName = new Argument<string>("NAME") { Description = "the user" };
        var resetBy = ByOption();
        var resetPasswordStdin = new Option<bool>("--password-stdin") { Description = "read the new password from standard input instead of generating one" };
        var reset = Verb.Create("reset-password", "Give a user a new password (printed once unless --password-stdin gives one) and lift a lockout.", (parse, configuration, cancellationToken) =>
        {
            var given = parse.GetValue(resetPasswordStdin) ? ReadPassword() : null;
            return WithAccountsAsync(configuration, parse.GetValue(resetBy), cancellationToken, async accounts =>
            {
                var name = parse.GetValue(resetName)!;
                var password = await accounts.ResetPasswordAsync(name, given, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"[green]Reset the password of {name}[/]; a lockout is lifted and open sessions end within a minute.");
                if (given is null)
                {
                    PrintPassword(name, password);
                }
            });
        }, resetName, resetPasswordStdin, resetBy);

        var resetTwoFactorName = new Argument<string>("NAME") { Description = "the user" };
        var resetTwoFactorBy = ByOption();
        var resetTwoFactor = Verb.Create("reset-two-factor", "Turn off a user's two-factor sign-in and replace its key, for someone who lost their authenticator and recovery codes; they enrol again.", (parse, configuration, cancellationToken) =>
            WithAccountsAsync(configuration, parse.GetValue(resetTwoFactorBy), cancellationToken, async accounts =>
            {
                var name = parse.GetValue(resetTwoFactorName)!;
                await accounts.ResetTwoFactorAsync(name, ownAccount: false, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Reset the two-factor sign-in of {name}: it is off and its key replaced, their sessions end, and they enrol again at their next sign-in.");
            }), resetTwoFactorName, resetTwoFactorBy);

        return Verb.Create(
            "users",
            "The people who sign in to the dashboard: add, assign, list, disable, enable, reset-password, reset-two-factor.",
            (_, _, _) => throw new UsageException("Say 'users add NAME --role ROLE --prison CODE', 'users assign NAME --prison CODE', 'users list', 'users disable NAME', 'users enable NAME', 'users reset-password NAME' or 'users reset-two-factor NAME'."),
            add, assign, list, disable, enable, reset, resetTwoFactor);
    }

    /// <summary>--prison CODE (repeated) and --all-prisons, for a verb of its own: an option belongs to one command.</summary>
    private static (Option<string[]> Prison, Option<bool> AllPrisons) PrisonOptions() =>
        (new Option<string[]>("--prison") { Description = "the code of a prison they work in (repeat for several): they see its prisoners held there now", HelpName = "CODE" },
         new Option<bool>("--all-prisons") { Description = "every prison, for headquarters (instead of --prison)" });

    private static PrisonAccess Prisons(ParseResult parse, Option<string[]> prison, Option<bool> allPrisons)
    {
        var codes = parse.GetValue(prison) ?? [];
        var all = parse.GetValue(allPrisons);
        return all && codes.Length > 0
            ? throw new UsageException("Give --prison CODE or --all-prisons, not both.")
            : all ? PrisonAccess.All : PrisonAccess.Only(codes);
    }

    /// <summary>
    /// --by NAME: the admin of all prisons on whose word a change is made, named in its audit entries beside the
    /// machine and the operating-system account that ran the command.
    /// </summary>
    private static Option<string> ByOption() =>
        new("--by") { Description = "the admin of all prisons on whose word this is done, as the audit log records it (needed once such an admin exists)", HelpName = "ADMIN" };

    /// <summary>A read (<c>users list</c>): it changes nothing and writes no entry, so it names nobody.</summary>
    private static Task<int> ReadAccountsAsync(string[] configuration, CancellationToken cancellationToken, Func<StaffAccounts, Task> work) =>
        WithAccountsAsync(configuration, null, cancellationToken, work, changes: false);

    private static async Task<int> WithAccountsAsync(string[] configuration, string? by, CancellationToken cancellationToken, Func<StaffAccounts, Task> work, bool changes = true)
    {
        var acting = new CommandLineOperator();
        using var host = await Verb.BuildServicesAsync(
            configuration,
            cancellationToken,
            services =>
            {
                services.AddStaffUsers();
                services.Replace(ServiceDescriptor.Singleton<IAuditActor>(acting));
            },
            withRules: false);
        await using var scope = host.Services.CreateAsyncScope();

        // Asked first, rather than failing on the missing table, whose error EF Core would log with a stack trace.
        var applied = await scope.ServiceProvider.GetRequiredService<PrisonDb>().Database.GetAppliedMigrationsAsync(cancellationToken);
        if (!applied.Contains(UsersMigration))
        {
            throw new StartupException(applied.Contains("005_staff_sign_in")
                ? $"This database does not keep the prisons users work in yet: run 'migrate' first (migration {UsersMigration} adds them)."
                : $"This database has no users table yet: run 'migrate' first (migration 005_staff_sign_in creates it).");
        }

        try
        {
            if (changes)
            {
                await CheckByAsync(scope.ServiceProvider.GetRequiredService<PrisonDb>(), by, acting, cancellationToken);
            }

            await work(scope.ServiceProvider.GetRequiredService<StaffAccounts>());
            return 0;
        }
        catch (ChangeRefusedException error)
        {
            await Console.Error.WriteLineAsync($"Nothing was changed: {error.Message}");
            return 1;
        }
    }

    /// <summary>
    /// The command line has headquarters' reach, so a change names an enabled admin of all prisons (--by), who must
    /// exist; until one does (the first admin, or every one of them disabled), the operating-system account alone.
    /// </summary>
    private static async Task CheckByAsync(PrisonDb db, string? by, CommandLineOperator acting, CancellationToken cancellationToken)
    {
        var admins = db.Users.Where(u => !u.IsDisabled && u.AllPrisons && db.UserRoles.Any(link =>
            link.UserId == u.Id && db.Roles.Any(r => r.Id == link.RoleId && r.NormalizedName == Roles.Admin.ToUpperInvariant())));
        if (by is null)
        {
            if (await admins.AnyAsync(cancellationToken))
            {
                throw new UsageException("Say on whose word this is done: --by ADMIN, the name of an admin of all prisons. The audit log records it.");
            }

            return;
        }

        var normalized = by.Trim().ToUpperInvariant();
        var admin = await admins.Where(u => u.NormalizedUserName == normalized).Select(u => u.UserName).FirstOrDefaultAsync(cancellationToken)
            ?? throw new ChangeRefusedException($"--by {by.Trim()}: there is no enabled admin of all prisons called '{by.Trim()}'.");
        acting.ActsFor(admin!);
    }

    /// <summary>The first line of standard input: a password never appears on a command line, where the process list and shell history show it.</summary>
    private static string ReadPassword()
    {
        var line = Console.In.ReadLine();
        return string.IsNullOrEmpty(line) ? throw new UsageException("--password-stdin was given, but standard input had no password on its first line.") : line;
    }

    private static void PrintPassword(string name, string password)
    {
        AnsiConsole.MarkupLineInterpolated($"Password of {name}: {password}");
        AnsiConsole.MarkupLine("It is shown this once and stored only as a hash: hand it over now.");
    }
}
