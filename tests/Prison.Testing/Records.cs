using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Testing;

/// <summary>Prisoners and prisons for tests, built through the aggregate like every real change.</summary>
public static class Records
{
    public static PrisonFacility Prison(int id = 1) => new(id, $"P{id}", $"Prison {id}");

    /// <summary>A convicted prisoner held since <paramref name="arrival"/>, with nothing that makes any shipped rule fire.</summary>
    public static Prisoner Harmless(string number, int prisonId, DateOnly arrival)
    {
        var prisoner = new Prisoner(number, $"Prisoner {number}", new DateOnly(1980, 1, 1), LegalStatus.Convicted);
        prisoner.Admit(prisonId, arrival);
        return prisoner;
    }

    /// <summary>
    /// Puts <paramref name="perCollection"/> entries, long past and harmless, in every collection of the record,
    /// so that a test can show a load's statement count does not grow with the record's size.
    /// </summary>
    public static Prisoner WithFullRecord(this Prisoner prisoner, int perCollection, DateOnly today)
    {
        for (var i = 0; i < perCollection; i++)
        {
            var longAgo = today.AddYears(-30).AddDays(i);
            prisoner.RecordDisciplinaryNotice(longAgo, NoticeType.Other, $"old notice {i}");
            prisoner.RecordCharge($"old charge {i}", OffenceCategory.Property, false, longAgo);
            prisoner.ConcludeCharge(prisoner.Charges[^1].Id, ChargeOutcome.Acquitted);
            prisoner.EndWithdrawal(prisoner.StartWithdrawal(longAgo, "alcohol").Id, longAgo.AddDays(1));
            prisoner.RecordRequest(RequestType.Visit, longAgo, RequestDecision.Granted);
            prisoner.ScheduleCourtHearing(longAgo, "Bronx Criminal Court");
            prisoner.LiftDetainer(prisoner.LodgeDetainer("ICE", longAgo).Id, longAgo.AddDays(1));
            prisoner.EndSegregation(prisoner.Segregate(longAgo, "old").Id, longAgo.AddDays(1));
            prisoner.RecordEscape(longAgo, EscapeKind.Absconded);
            prisoner.EndThreatGroupMembership(prisoner.RecordThreatGroupMembership("old crew", longAgo, false).Id, longAgo.AddDays(1));
            prisoner.RecordIntelligence(longAgo, IntelligenceGrade.Low, "old report");
            prisoner.RecordDrugTest(longAgo, DrugTestResult.Negative);
            prisoner.EndSelfHarmWatch(prisoner.StartSelfHarmWatch(longAgo).Id, longAgo.AddDays(1));
            prisoner.RecordPsychiatricEpisode(longAgo, false, "old episode");
            prisoner.RecordMedicationStop(longAgo, "ibuprofen", false, false);
            prisoner.BanVisits(longAgo, longAgo.AddDays(1), "old ban");
            prisoner.RecordContactOrderBreach(longAgo, "old breach");
        }

        return prisoner;
    }
}
