using Prison.Domain;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// What a form needs besides the prisoner: the prison's today, the instant, who is recording, every prison (to name
/// them, and to send a prisoner to: a transfer out may go anywhere), and the prisons the user may receive a prisoner
/// at (their own: an arrival elsewhere would record at a prison they do not work in).
/// </summary>
public sealed record RecordContext(DateOnly Today, DateTime NowUtc, string StaffName, IReadOnlyList<PrisonFacility> Prisons, IReadOnlyList<PrisonFacility> ArrivalPrisons)
{
    public string TodayText => Today.ToString("yyyy-MM-dd");

    public IEnumerable<FieldOption> PrisonOptions => Options(Prisons);

    public IEnumerable<FieldOption> ArrivalPrisonOptions => Options(ArrivalPrisons);

    public string PrisonName(int id) => Prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}";

    private static IEnumerable<FieldOption> Options(IReadOnlyList<PrisonFacility> prisons) =>
        prisons.Select(p => new FieldOption(p.Id.ToString(System.Globalization.CultureInfo.InvariantCulture), p.Name));
}
