using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Pages.Overview;

/// <summary>
/// Web over a PostgreSQL database of twenty prisons (P1 ... P20), its statements counted, on the real clock: the
/// figures are kept by the database's UTC day, and the page asks the days of its own clock. Prison n holds n + 4
/// prisoners, of whom n % 4 + 1 are Dangerous, one Unknown, the rest Not dangerous; all arrived Unknown and became so
/// today, and the figures are kept since ten days ago (as if the migration that keeps them had run then).
/// </summary>
public sealed class OverviewFixture : IAsyncLifetime
{
    public const int PrisonCount = 20;

    public StatementCounter Counter { get; } = new();

    public ScratchDatabase Database { get; private set; } = null!;

    public RunningWeb Web { get; private set; } = null!;

    public static int DangerousAt(int prison) => prison % 4 + 1;

    public async Task InitializeAsync()
    {
        Database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        Web = await RunningWeb.StartAsync(
            ServerArguments.For(Database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies),
            services: services => services.ConfigureDbContext<PrisonDb>(options => options.AddInterceptors(Counter)));
        var arrival = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-30);
        await using var db = Database.Open();
        db.Prisons.AddRange(Enumerable.Range(1, PrisonCount).Select(Records.Prison));
        var prisoners = Enumerable.Range(1, PrisonCount)
            .SelectMany(prison => Enumerable.Range(0, prison + 4).Select(i => (Prison: prison, Index: i, Prisoner: Records.Harmless($"O{prison:00}{i:00}", prison, arrival))))
            .ToList();
        db.Prisoners.AddRange(prisoners.Select(p => p.Prisoner));
        await db.SaveRecordChangesAsync();
        // Stored only under the rule set in force, which web's start records.
        var ruleSet = (await Database.RowsAsync("SELECT rule_set FROM rule_set_in_force")).SingleOrDefault()?[0] ?? "test-rules";
        var verdicts = prisoners
            .Where(p => p.Index < p.Prison + 3)
            .Select(p => new EvaluatedPrisoner(p.Prisoner.Id, p.Prisoner.ChangeVersion, new Verdict(
                p.Index < DangerousAt(p.Prison) ? DangerStatus.Dangerous : DangerStatus.NotDangerous, [], DateTime.UtcNow, null, ruleSet)))
            .ToList();
        if (await db.WriteVerdictsAsync(verdicts) != verdicts.Count)
        {
            throw new InvalidOperationException("The fixture's verdicts were not all stored.");
        }

        await Database.ExecuteAsync("UPDATE prison_dangerous_day_kept SET since = since - 10");
    }

    public async Task DisposeAsync()
    {
        await Web.DisposeAsync();
        await Database.DisposeAsync();
    }
}
