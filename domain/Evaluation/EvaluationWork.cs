namespace Prison.Domain.Evaluation;

/// <summary>
/// What evaluations did, counted rather than timed (tests hold it to budgets, the benchmarks report it): the prisoners
/// evaluated, the rules run (the verdict's and the forecast's) and the days the forecast's walk stopped at.
/// One instance per caller: it is not safe to share between threads.
/// </summary>
public sealed class EvaluationWork
{
    public long Prisoners { get; private set; }

    public long RuleRuns { get; private set; }

    public long ForecastSteps { get; private set; }

    internal void Evaluated(int rules)
    {
        Prisoners++;
        RuleRuns += rules;
    }

    internal void Stepped(int rules)
    {
        ForecastSteps++;
        RuleRuns += rules;
    }
}
