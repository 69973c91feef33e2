using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Api;

public static class ApiVerdictReads
{
    /// <summary>
    /// One prisoner's stored verdict, record version and forecast, by number, in one statement; null for an unknown
    /// number and for a prisoner not held now at one of <paramref name="prisonIds"/> (null: every prisoner), checked in
    /// the same statement.
    /// </summary>
    public static async Task<ApiVerdict?> ApiVerdictAsync(
        this PrisonDb db, string number, IReadOnlyCollection<int>? prisonIds, CancellationToken cancellationToken = default)
    {
        var prisoners = db.Prisoners.AsNoTracking().Where(p => p.Number == number);
        if (prisonIds is not null)
        {
            prisoners = prisoners.Where(p => db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s =>
                EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == p.Id && prisonIds.Contains(s.PrisonId)));
        }

        var row = await prisoners
            .Select(p => new
            {
                p.Id,
                p.Number,
                p.ChangeVersion,
                p.DangerStatus,
                Facts = EF.Property<string>(p, PrisonerConfiguration.DangerFacts),
                p.EvaluatedAtUtc,
                p.ReevaluateAtUtc,
                p.RuleSet,
                At = EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt),
                To = EF.Property<DangerStatus?>(p, PrisonerConfiguration.ForecastStatus),
                Came = EF.Property<string>(p, PrisonerConfiguration.ForecastCame),
                Went = EF.Property<string>(p, PrisonerConfiguration.ForecastWent),
            })
            .SingleOrDefaultAsync(cancellationToken);
        return row is null
            ? null
            : new ApiVerdict(
                row.Id,
                row.Number,
                row.ChangeVersion,
                new StoredVerdict(row.DangerStatus, RuleFacts.FromJson(row.Facts), row.EvaluatedAtUtc, row.ReevaluateAtUtc, row.RuleSet),
                new StoredForecast(row.At, row.To, row.Came ?? string.Empty, row.Went ?? string.Empty));
    }
}
