using Prison.Domain.Record;

namespace Prison.Db.Demo;

/// <summary>
/// What sets one demo prisoner apart from the harmless baseline so that one or a few danger rules fire.
/// Status, age and custody history are given up front rather than changed afterwards, because the aggregate
/// only takes stays in date order and a prisoner's age decides how far back their stays can reach; the
/// records that make the rules fire are added to the admitted prisoner by <see cref="ApplyTo"/>.
/// </summary>
internal sealed class DemoScenario(Action<DemoPrisoner>? apply = null)
{
    /// <summary>A prisoner no rule of the shipped rule set fires for.</summary>
    public static DemoScenario Baseline { get; } = new();

    public LegalStatus LegalStatus { get; init; } = LegalStatus.Convicted;

    /// <summary>Age in whole years today; when null, any adult age.</summary>
    public int? Age { get; init; }

    /// <summary>Stays before the current custody episode; when null, none to two, as most prisoners have.</summary>
    public int? EarlierStays { get; init; }

    /// <summary>How the prisoner came to the prison holding them now; when null, mostly new receptions.</summary>
    public ArrivalReason? ArrivedBy { get; init; }

    public void ApplyTo(DemoPrisoner prisoner) => apply?.Invoke(prisoner);
}
