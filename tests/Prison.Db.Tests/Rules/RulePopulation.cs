using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Rules;

/// <summary>
/// Four evaluated prisoners: R (remand: NotConvicted), W (a weapon notice: DisciplinaryNoticeInLast2Months and
/// WeaponFoundInLast12Months), RW (both, three rules) and H (harmless).
/// </summary>
internal static class RulePopulation
{
    public static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    public static async Task<IReadOnlyList<Prisoner>> SaveAsync(ScratchDatabase database, bool evaluate = true)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        var remand = Records.Harmless("R", 1, TestDay.Today.AddDays(-30));
        remand.ChangeLegalStatus(LegalStatus.Remand);
        var weapon = Records.Harmless("W", 1, TestDay.Today.AddDays(-30));
        weapon.RecordDisciplinaryNotice(TestDay.Today.AddDays(-3), NoticeType.Weapon, "a blade in the cell");
        var both = Records.Harmless("RW", 1, TestDay.Today.AddDays(-30));
        both.ChangeLegalStatus(LegalStatus.Remand);
        both.RecordDisciplinaryNotice(TestDay.Today.AddDays(-3), NoticeType.Weapon, "a blade in the cell");
        var harmless = Records.Harmless("H", 1, TestDay.Today.AddDays(-30));
        Prisoner[] all = [remand, weapon, both, harmless];
        db.Prisoners.AddRange(all);
        await db.SaveRecordChangesAsync();
        if (evaluate)
        {
            await db.WriteVerdictsAsync(all.Select(Evaluated).ToList());
        }

        return all;
    }

    public static EvaluatedPrisoner Evaluated(Prisoner prisoner) => Evaluated(prisoner, Evaluator);

    public static EvaluatedPrisoner Evaluated(Prisoner prisoner, DangerEvaluator evaluator) =>
        new(prisoner.Id, prisoner.ChangeVersion, evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));
}
