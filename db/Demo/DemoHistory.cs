using Bogus;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Demo;

/// <summary>
/// The demo's prisoners as staff would have recorded them over the last days: each prisoner is first recorded on the
/// day their current custody began (or the first day replayed, with everything known before it), and then every
/// transfer, release and entry on its own day, through the aggregate's methods, so that the replay stores what the
/// product would have stored. A hearing is scheduled some days before it is held; a period's end is recorded on the
/// day it ends. The same data and seed give the same steps.
/// </summary>
public static class DemoHistory
{
    public const int SlotsPerDay = 6;

    public static IReadOnlyList<DemoStep> Of(DemoData data, DateOnly today, int days, int seed = 1729)
    {
        var random = new Randomizer(seed);
        var first = today.AddDays(-days);
        return data.Prisoners.Concat(data.Released)
            .SelectMany(prisoner => StepsOf(prisoner, first, today, random))
            .OrderBy(s => s.Day).ThenBy(s => s.Slot).ThenBy(s => s.Number, StringComparer.Ordinal)
            .ToList();
    }

    private static IEnumerable<DemoStep> StepsOf(Prisoner final, DateOnly first, DateOnly today, Randomizer random)
    {
        var stays = final.Stays.OrderBy(s => s.ArrivalDate).ToList();

        // The current (or last) custody episode: a reception and the transfers that followed it.
        var episode = stays.Count - 1;
        while (episode > 0 && stays[episode].ArrivalReason != ArrivalReason.NewReception && stays[episode - 1].LeftOn == stays[episode].ArrivalDate)
        {
            episode--;
        }

        var created = Max(first, stays[episode].ArrivalDate);
        var last = stays[^1].LeftOn is { } released ? Min(released, today) : today;
        var changes = new List<(DateOnly Day, int Order, Action<Prisoner> Change)>();
        void At(DateOnly day, Action<Prisoner> change, int order = 1) => changes.Add((Min(Max(created, day), last), order, change));

        for (var i = episode + 1; i < stays.Count; i++)
        {
            var stay = stays[i];
            At(stay.ArrivalDate, p => p.Transfer(stay.PrisonId, stay.ArrivalDate, stay.ArrivalReason == ArrivalReason.DisciplinaryTransfer), order: 0);
        }

        if (stays[^1].LeftOn is { } leftOn)
        {
            At(leftOn, p => p.Release(leftOn), order: 2);
        }

        foreach (var entry in final.EntriesIncludingStruck().Where(e => e is not Stay))
        {
            AddEntry(entry, At, today, random);
        }

        var creation = changes.Where(c => c.Day == created).OrderBy(c => c.Order).Select(c => c.Change).ToList();
        yield return new DemoStep(created, random.Number(0, SlotsPerDay - 1), final.Number, () => FirstRecord(final, stays, episode), creation);
        foreach (var day in changes.Where(c => c.Day > created).GroupBy(c => c.Day).OrderBy(g => g.Key))
        {
            yield return new DemoStep(day.Key, random.Number(0, SlotsPerDay - 1), final.Number, null, [.. day.OrderBy(c => c.Order).Select(c => c.Change)]);
        }
    }

    /// <summary>The prisoner as first recorded: the stays before the episode, its reception and its sentence.</summary>
    private static Prisoner FirstRecord(Prisoner final, List<Stay> stays, int episode)
    {
        var prisoner = new Prisoner(final.Number, final.Name, final.DateOfBirth, final.LegalStatus);
        prisoner.ChangeSecurityCategory(final.SecurityCategory);
        foreach (var stay in stays.Take(episode))
        {
            prisoner.RecordPastStay(stay.PrisonId, stay.ArrivalDate, stay.LeftOn!.Value, stay.ArrivalReason);
        }

        prisoner.Admit(stays[episode].PrisonId, stays[episode].ArrivalDate);
        prisoner.Sentence(stays[^1].Sentence);
        return prisoner;
    }

    /// <summary>Records <paramref name="entry"/> again through the aggregate, on the day staff would have recorded it.</summary>
    private static void AddEntry(Entry entry, Action<DateOnly, Action<Prisoner>, int> at, DateOnly today, Randomizer random)
    {
        switch (entry)
        {
            case DisciplinaryNotice n:
                at(n.Date, p => p.RecordDisciplinaryNotice(n.Date, n.Type, n.Description), 1);
                break;
            case Charge c:
                at(c.OffenceDate ?? DateOnly.MinValue, p =>
                {
                    var charge = p.RecordCharge(c.Offence, c.Category, c.IsViolent, c.OffenceDate);
                    if (c.Outcome != ChargeOutcome.Pending)
                    {
                        p.ConcludeCharge(charge.Id, c.Outcome);
                    }
                }, 1);
                break;
            case CourtHearing h:
                // Scheduled some weeks ahead, never later than today.
                at(Min(today, h.Date.AddDays(-random.Number(7, 45))), p => p.ScheduleCourtHearing(h.Date, h.Court), 1);
                break;
            case Request r:
                at(r.Date, p => p.RecordRequest(r.Type, r.Date, r.Decision), 1);
                break;
            case EscapeRecord e:
                at(e.Date, p => p.RecordEscape(e.Date, e.Kind), 1);
                break;
            case IntelligenceReport r:
                at(r.Date, p => p.RecordIntelligence(r.Date, r.Grade, r.Summary), 1);
                break;
            case DrugTest t:
                at(t.Date, p => p.RecordDrugTest(t.Date, t.Result), 1);
                break;
            case PsychiatricEpisode e:
                at(e.Date, p => p.RecordPsychiatricEpisode(e.Date, e.IsViolent, e.Note), 1);
                break;
            case MedicationStop s:
                at(s.Date, p => p.RecordMedicationStop(s.Date, s.Medication, s.IsAntipsychotic, s.StoppedByPrisoner), 1);
                break;
            case ContactOrderBreach b:
                at(b.Date, p => p.RecordContactOrderBreach(b.Date, b.Description), 1);
                break;
            case VisitBan b:
                at(b.Period.Start, p => p.BanVisits(b.Period.Start, b.Period.End, b.Reason), 1);
                break;
            case WithdrawalEpisode w:
                Period(w.Period, p => p.StartWithdrawal(w.Period.Start, w.Substance).Id, (p, id, end) => p.EndWithdrawal(id, end), at, today);
                break;
            case Detainer d:
                Period(d.Period, p => p.LodgeDetainer(d.Authority, d.Period.Start).Id, (p, id, end) => p.LiftDetainer(id, end), at, today);
                break;
            case SegregationPeriod s:
                Period(s.Period, p => p.Segregate(s.Period.Start, s.Reason).Id, (p, id, end) => p.EndSegregation(id, end), at, today);
                break;
            case SelfHarmWatch w:
                Period(w.Period, p => p.StartSelfHarmWatch(w.Period.Start).Id, (p, id, end) => p.EndSelfHarmWatch(id, end), at, today);
                break;
            case ThreatGroupMembership m:
                Period(m.Period, p => p.RecordThreatGroupMembership(m.GroupName, m.Period.Start, m.IsVerified).Id, (p, id, end) => p.EndThreatGroupMembership(id, end), at, today);
                break;
            default:
                throw new InvalidOperationException($"The demo's history cannot record a {entry.GetType().Name} yet.");
        }
    }

    /// <summary>A period's start on its first day, and its end on the day it ended (the same entry, found by its id).</summary>
    private static void Period(DateRange period, Func<Prisoner, Guid> start, Action<Prisoner, Guid, DateOnly> end, Action<DateOnly, Action<Prisoner>, int> at, DateOnly today)
    {
        var id = Guid.Empty;
        at(period.Start, p => id = start(p), 1);
        if (period.End is { } ended && ended <= today)
        {
            at(ended, p => end(p, id, ended), 1);
        }
    }

    private static DateOnly Max(DateOnly a, DateOnly b) => a > b ? a : b;

    private static DateOnly Min(DateOnly a, DateOnly b) => a < b ? a : b;
}
