namespace Prison.Domain.Evaluation;

/// <summary>
/// One reason a prisoner can be dangerous. Rules are discovered, never registered: any public,
/// non-abstract subclass with a parameterless constructor in a scanned assembly is a rule.
/// Rules read the aggregate in memory and never do I/O.
/// </summary>
public abstract class DangerRule
{
    /// <summary>Stable code: the class name. Stored with verdicts, so renaming a rule class is a new rule.</summary>
    public string Code => GetType().Name;

    /// <summary>One line shown to staff.</summary>
    public abstract string Title { get; }

    public abstract RuleCategory Category { get; }

    /// <summary>Raise when the meaning of the rule changes, so every prisoner is evaluated again.</summary>
    public virtual int Version => 1;

    /// <summary>The time window the rule looks at, in words ("2 months"), or null for a rule with no window.</summary>
    public virtual string? Window => null;

    public abstract RuleOutcome Evaluate(Prisoner prisoner, DateOnly today);
}
