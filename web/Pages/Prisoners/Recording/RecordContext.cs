using Prison.Domain;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>What a form needs besides the prisoner: the prison's today, the instant, who is recording, and the prisons.</summary>
public sealed record RecordContext(DateOnly Today, DateTime NowUtc, string StaffName, IReadOnlyList<PrisonFacility> Prisons)
{
    public string TodayText => Today.ToString("yyyy-MM-dd");

    public IEnumerable<FieldOption> PrisonOptions => Prisons.Select(p => new FieldOption(p.Id.ToString(System.Globalization.CultureInfo.InvariantCulture), p.Name));

    public string PrisonName(int id) => Prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}";
}
