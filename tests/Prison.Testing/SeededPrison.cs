using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Testing;

/// <summary>A prison of numbered prisoners with stored verdicts, for the reads over a prison's current prisoners.</summary>
public static class SeededPrison
{
    public static DangerEvaluator Evaluator { get; } =
        new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    public static string Number(int n) => $"N{n:000}";

    public static int NumberOf(string number) => int.Parse(number[1..], System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>
    /// Prisoners N001..N{count} held at prison 1 (prison 2 stays empty), arriving one a day, N{count} yesterday, unless
    /// <paramref name="arrival"/> says otherwise; those <paramref name="dangerous"/> picks are on remand (Dangerous);
    /// verdicts are stored for those <paramref name="evaluate"/> picks (all by default).
    /// </summary>
    public static async Task<ScratchDatabase> SeededAsync(
        Engine engine, int prisoners, Func<int, bool>? dangerous = null, Func<int, bool>? evaluate = null, Func<int, DateOnly>? arrival = null)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        var all = Enumerable.Range(1, prisoners)
            .Select(n =>
            {
                var prisoner = Records.Harmless(Number(n), prisonId: 1, arrival?.Invoke(n) ?? TestDay.Today.AddDays(n - prisoners - 1));
                if (dangerous?.Invoke(n) == true)
                {
                    prisoner.ChangeLegalStatus(Domain.Record.LegalStatus.Remand);
                }

                return (n, prisoner);
            })
            .ToList();
        db.Prisoners.AddRange(all.Select(p => p.prisoner));
        await db.SaveRecordChangesAsync();

        await db.WriteVerdictsAsync(all
            .Where(p => evaluate?.Invoke(p.n) ?? true)
            .Select(p => Evaluated(p.prisoner))
            .ToList());
        return database;
    }

    public static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));
}
