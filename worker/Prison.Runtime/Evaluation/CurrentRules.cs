using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.RuleSettings;
using Prison.Domain.Evaluation;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// The rule set this process evaluates with: every known rule (built in and from the approved assemblies of
/// Rules:Folder), enabled or disabled
/// by the settings stored in the database, and by Rules:Disabled for rules without a stored setting. Cached: the
/// verdict write refuses verdicts of a rule set no longer in force, and a refused write makes the process read the
/// settings again (<see cref="RefreshIfStaleAsync"/>), so no process needs a statement per message to stay current.
/// </summary>
public sealed class CurrentRules
{
    private readonly IReadOnlySet<string> _disabledByDefault;
    private readonly PrisonCalendar _calendar;
    private readonly ILogger<CurrentRules> _logger;
    private volatile DangerEvaluator _evaluator;

    /// <param name="loadedAssemblies">The assemblies of Rules:Folder whose rules are among <paramref name="all"/>.</param>
    public CurrentRules(
        IReadOnlyList<DangerRule> all, IReadOnlySet<string> disabledByDefault, PrisonCalendar calendar, ILogger<CurrentRules> logger,
        IReadOnlyList<RuleAssemblyFile>? loadedAssemblies = null)
    {
        All = all;
        LoadedAssemblies = loadedAssemblies ?? [];
        _disabledByDefault = disabledByDefault;
        _calendar = calendar;
        _logger = logger;
        _evaluator = new DangerEvaluator(Compose([]), calendar);
    }

    /// <summary>Every rule known to this process, enabled or not, in code order.</summary>
    public IReadOnlyList<DangerRule> All { get; }

    /// <summary>The approved assemblies this process loaded at its start; an approval given since loads at the next.</summary>
    public IReadOnlyList<RuleAssemblyFile> LoadedAssemblies { get; }

    public DangerEvaluator Evaluator => _evaluator;

    public RuleSet RuleSet => _evaluator.RuleSet;

    public bool IsEnabledByDefault(string code) => !_disabledByDefault.Contains(code);

    public DangerRule? Find(string code) => All.FirstOrDefault(r => r.Code == code);

    /// <summary>The rule set the given settings make: a rule with a setting follows it, the others their default.</summary>
    public RuleSet Compose(IReadOnlyList<RuleSetting> settings)
    {
        var byCode = settings.ToDictionary(s => s.Code, s => s.Enabled, StringComparer.Ordinal);
        return new RuleSet(All.Where(r => byCode.TryGetValue(r.Code, out var enabled) ? enabled : IsEnabledByDefault(r.Code)));
    }

    /// <summary>Reads the stored settings (one statement) and evaluates with the rule set they make from now on.</summary>
    public async Task<RuleSet> RefreshAsync(PrisonDb db, CancellationToken cancellationToken)
    {
        var ruleSet = Compose(await db.RuleSettingsAsync(cancellationToken));
        Use(ruleSet);
        return ruleSet;
    }

    /// <summary>
    /// After a verdict write stored less than it was given: reads the rule set in force (one statement) and, when this
    /// process does not hold it yet, the settings too. True when the process now holds another rule set than the one
    /// the refused verdicts were made with, <paramref name="evaluatedWith"/>: compared with that, not with the rule
    /// set held when the write came back, since another batch may have taken up the new one meanwhile, and those
    /// verdicts would then be left unwritten.
    /// </summary>
    public async Task<bool> RefreshIfStaleAsync(PrisonDb db, string evaluatedWith, CancellationToken cancellationToken)
    {
        var inForce = await db.RuleSetInForceAsync(cancellationToken);
        if (inForce is null || inForce == evaluatedWith)
        {
            return false;
        }

        if (inForce != RuleSet.Id)
        {
            var refreshed = await RefreshAsync(db, cancellationToken);
            if (refreshed.Id != inForce)
            {
                _logger.LogWarning(
                    "The rule set in force is {InForce} but this process composes {Composed} from the same settings: its rules differ from those of the process that recorded it (check Rules:Folder and the deployed version).",
                    inForce, refreshed.Id);
            }
        }

        return RuleSet.Id != evaluatedWith;
    }

    public void Use(RuleSet ruleSet)
    {
        if (ruleSet.Id != _evaluator.RuleSet.Id)
        {
            _evaluator = new DangerEvaluator(ruleSet, _calendar);
        }
    }

    /// <summary>Rules:Disabled, checked against the known codes (those of the rules folder's assemblies too, approved or not).</summary>
    public static IReadOnlySet<string> DisabledByDefault(string disabled, IReadOnlyCollection<string> known)
    {
        var codes = disabled.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var unknown = codes.Where(c => !known.Contains(c)).ToList();
        if (unknown.Count > 0)
        {
            throw new StartupException($"Rules:Disabled names {string.Join(", ", unknown)}, which no rule has as its code. The codes are: {string.Join(", ", known.Order(StringComparer.Ordinal))}.");
        }

        return codes.ToHashSet(StringComparer.Ordinal);
    }
}
