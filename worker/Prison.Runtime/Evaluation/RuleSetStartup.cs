using System.Data.Common;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.RuleSettings;
using Prison.Db.Runs;
using Prison.Runtime.Runs;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// Once the process has started (bus included): reads the stored rule settings, records the rule set they make as
/// the one in force, and starts a full re-evaluation when that is a new rule set and verdicts of another exist (a
/// deployment that added a rule, a rules assembly of Rules:Folder approved or revoked, a changed Rules:Disabled).
/// </summary>
public sealed class RuleSetStartup(IServiceProvider services, ILogger<RuleSetStartup> logger) : IHostedLifecycleService
{
    public const string StartedBy = "rule set changed";

    public async Task StartedAsync(CancellationToken cancellationToken)
    {
        try
        {
            await using var scope = services.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var ruleSet = await scope.ServiceProvider.GetRequiredService<CurrentRules>().RefreshAsync(db, cancellationToken);
            var now = scope.ServiceProvider.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime;
            if (await db.RecordRuleSetInForceAsync(ruleSet.Id, now, cancellationToken) && await db.AnyVerdictNotFromAsync(ruleSet.Id, cancellationToken))
            {
                var start = await scope.ServiceProvider.GetRequiredService<ReevaluationRuns>().StartAsync(StartedBy, RunScope.All, cancellationToken);
                logger.LogInformation("The rule set in force is now {RuleSet}: re-evaluating everyone (run {RunId}).", ruleSet.Id, start.Run.Id);
            }
        }
        catch (DbException error)
        {
            // A database not migrated yet (production runs `migrate` first): the rules stay as configured until a
            // refused verdict write makes this process read the settings.
            logger.LogWarning(error, "Could not read the rule settings at start; evaluating with the configured rules until they can be read.");
        }
    }

    /// <summary>For the command line, which builds services without starting a host: the stored settings, no run.</summary>
    public static async Task LoadAsync(IServiceProvider services, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        await scope.ServiceProvider.GetRequiredService<CurrentRules>().RefreshAsync(scope.ServiceProvider.GetRequiredService<PrisonDb>(), cancellationToken);
    }

    public Task StartingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
