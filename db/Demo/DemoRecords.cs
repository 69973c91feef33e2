using Bogus;
using Bogus.DataSets;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Demo;

/// <summary>
/// The prisons and prisoners the embedded mode loads on first start, so the dashboard has something true to
/// show: every danger rule fires for some prisoners, most prisoners are harmless, and each prison's latest
/// arrivals mix both. The records are dated relative to <c>today</c> because the rules' windows are, and the
/// same day and seed give the same prisoners, numbers and records (only the ids, made by the domain, differ).
/// </summary>
public static class DemoRecords
{
    private const int PrisonersPerPrison = 100;

    // Enough for a prison's ten latest arrivals to look like a real week of receptions.
    private const int ArrivalsThisWeek = 8;

    /// <summary>Released over the replayed days, so that each prison's count also falls as people leave.</summary>
    private const int ReleasedPerPrison = 24;

    /// <summary>The days over which the released left, ending yesterday.</summary>
    public const int ReleasedOverDays = 118;

    public static DemoData Create(DateOnly today, int seed = 1729)
    {
        var faker = new Faker("en") { Random = new Randomizer(seed) };
        PrisonFacility[] prisons =
        [
            new(1, "RNDC", "Robert N. Davoren Center"),
            new(2, "GRVC", "George R. Vierno Center"),
            new(3, "AMKC", "Anna M. Kross Center"),
        ];

        // Each scenario twice, dealt round the prisons: every rule fires for at least two prisoners, at two prisons.
        var dealt = DemoScenarios.All.SelectMany(s => new[] { s, s }).ToList();
        var numbers = new HashSet<string>();
        var prisoners = new List<Prisoner>();
        for (var p = 0; p < prisons.Length; p++)
        {
            var scenarios = ByArrivalPosition([.. dealt.Where((_, i) => i % prisons.Length == p), .. DemoScenarios.NearToday]);
            var arrivals = ArrivalDaysAgo(faker.Random);
            for (var position = 0; position < PrisonersPerPrison; position++)
            {
                var arrival = today.AddDays(-arrivals[position]);
                var number = NewNumber(faker.Random, arrival, prisons[p], numbers);
                var scenario = scenarios.GetValueOrDefault(position, DemoScenario.Baseline);
                prisoners.Add(Make(faker, today, prisons, prisons[p], arrival, number, scenario));
            }
        }

        // After the held prisoners, so that the same day and seed still give those the same records.
        var released = new List<Prisoner>();
        foreach (var prison in prisons)
        {
            for (var i = 0; i < ReleasedPerPrison; i++)
            {
                var left = today.AddDays(-1 - (i * ReleasedOverDays / ReleasedPerPrison) - faker.Random.Number(0, 3));
                var arrival = left.AddDays(-faker.Random.Number(5, 150));
                var scenario = faker.Random.Bool(0.4f) ? faker.Random.ListItem(DemoScenarios.All.ToList()) : DemoScenario.Baseline;
                var prisoner = Make(faker, left, prisons, prison, arrival, NewNumber(faker.Random, arrival, prison, numbers), scenario);
                prisoner.Release(left);
                released.Add(prisoner);
            }
        }

        return new DemoData(prisons, prisoners, released);
    }

    /// <summary>
    /// Spreads the scenarios evenly down a prison's arrivals, latest first, from the second latest on: each
    /// prison's ten latest arrivals then hold a few dangerous prisoners among harmless ones.
    /// </summary>
    private static Dictionary<int, DemoScenario> ByArrivalPosition(List<DemoScenario> scenarios) =>
        scenarios
            .Select((scenario, j) => (scenario, Position: 1 + j * PrisonersPerPrison / scenarios.Count))
            .ToDictionary(s => s.Position, s => s.scenario);

    /// <summary>
    /// How many days ago each prisoner arrived, latest first: a handful this week, two of them today (news for the
    /// shift), the rest one every eight days or so over two years. Outside this week no two share a day, so a prison's
    /// ten latest arrivals are exact.
    /// </summary>
    private static int[] ArrivalDaysAgo(Randomizer random) =>
        Enumerable.Range(0, ArrivalsThisWeek).Select(i => i < 2 ? 0 : random.Number(0, 6)).Order()
            .Concat(Enumerable.Range(0, PrisonersPerPrison - ArrivalsThisWeek).Select(i => 7 + i * 8 + random.Number(0, 7)))
            .ToArray();

    /// <summary>A book-and-case style number: year of arrival, prison, serial.</summary>
    private static string NewNumber(Randomizer random, DateOnly arrival, PrisonFacility prison, HashSet<string> taken)
    {
        string number;
        do
        {
            number = $"{arrival:yy}{prison.Id}{random.Number(0, 9_999_999):0000000}";
        }
        while (!taken.Add(number));

        return number;
    }

    private static Prisoner Make(Faker faker, DateOnly today, PrisonFacility[] prisons, PrisonFacility prison, DateOnly arrival, string number, DemoScenario scenario)
    {
        var random = faker.Random;
        var age = scenario.Age ?? random.Number(19, 64);
        var born = today.AddYears(-age - 1).AddDays(random.Number(1, 365));
        var prisoner = new Prisoner(number, faker.Name.FullName(Name.Gender.Male), born, scenario.LegalStatus);
        prisoner.ChangeSecurityCategory(random.WeightedRandom([SecurityCategory.B, SecurityCategory.C, SecurityCategory.D], [0.2f, 0.5f, 0.3f]));

        var arrivedBy = scenario.ArrivedBy ?? (random.Bool(0.15f) ? ArrivalReason.Transfer : ArrivalReason.NewReception);
        var inCustodySince = arrivedBy == ArrivalReason.NewReception ? arrival : arrival.AddDays(-random.Number(14, 300));
        var offenceDate = inCustodySince.AddDays(-random.Number(1, 30));
        var earlierStays = scenario.EarlierStays ?? random.WeightedRandom([0, 1, 2], [0.6f, 0.3f, 0.1f]);
        var firstInCustody = AdmitEarlierStays(prisoner, random, prisons, earlierStays, before: offenceDate, notBefore: born.AddYears(16)) ?? inCustodySince;

        if (arrivedBy == ArrivalReason.NewReception)
        {
            prisoner.Admit(prison.Id, arrival);
        }
        else
        {
            prisoner.Admit(random.ArrayElement(prisons.Where(p => p != prison).ToArray()).Id, inCustodySince);
            prisoner.Transfer(prison.Id, arrival, forDisciplinaryReasons: arrivedBy == ArrivalReason.DisciplinaryTransfer);
        }

        var demo = new DemoPrisoner(prisoner, random, today, inCustodySince, offenceDate, firstInCustody);
        var (offence, category) = random.ArrayElement(HarmlessRecords.Offences);
        if (scenario.LegalStatus == LegalStatus.Convicted)
        {
            demo.Charge(offence, category, isViolent: false, ChargeOutcome.Convicted);
            prisoner.Sentence(Sentence.OfMonths(random.ArrayElement(HarmlessRecords.SentenceMonths)));
        }
        else
        {
            demo.Charge(offence, category, isViolent: false, ChargeOutcome.Pending);
        }

        foreach (var record in random.ListItems(HarmlessRecords.All, random.Number(2, 5)))
        {
            record(demo);
        }

        scenario.ApplyTo(demo);
        return prisoner;
    }

    /// <summary>
    /// Admits and releases the prisoner for up to <paramref name="count"/> stays, all ending before
    /// <paramref name="before"/> so that no stay covers the offence of the current episode, and none beginning
    /// before <paramref name="notBefore"/>. Returns the first day in custody, or null when there was no stay.
    /// </summary>
    private static DateOnly? AdmitEarlierStays(Prisoner prisoner, Randomizer random, PrisonFacility[] prisons, int count, DateOnly before, DateOnly notBefore)
    {
        var stays = new Stack<(DateOnly Arrived, DateOnly Left)>();
        var end = before;
        while (stays.Count < count)
        {
            var left = end.AddDays(-random.Number(30, 400));
            var arrived = left.AddDays(-random.Number(3, 200));
            if (arrived < notBefore)
            {
                break;
            }

            stays.Push((arrived, left));
            end = arrived;
        }

        DateOnly? first = stays.Count > 0 ? stays.Peek().Arrived : null;
        foreach (var (arrived, left) in stays)
        {
            prisoner.Admit(random.ArrayElement(prisons).Id, arrived);
            prisoner.Release(left);
        }

        return first;
    }
}
