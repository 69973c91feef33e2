using System.Globalization;
using System.Text.Json;
using Microsoft.EntityFrameworkCore;
using Prison.Domain;

namespace Prison.Db.Writes;

/// <summary>
/// Stores verdicts in ONE statement however many there are, each guarded by the version it was reached for:
/// a prisoner changed since keeps its newer state (Unknown), and its own message brings its own verdict.
/// A verdict made with another rule set than the one in force (rule_set_in_force) is not stored either: a worker
/// still holding the previous rule set cannot overwrite what the run applying the new one wrote. On PostgreSQL the
/// row in force is locked FOR SHARE, so the write either finishes before a change of rule set commits or sees it.
/// </summary>
public static class VerdictWrites
{
    private const string PostgreSql = """
        WITH in_force AS (SELECT rule_set FROM rule_set_in_force FOR SHARE)
        UPDATE prisoner AS p
        SET danger_status = v.status, danger_reasons = v.reasons, danger_facts = v.facts,
            evaluated_at = v.evaluated_at, reevaluate_at = v.reevaluate_at, rule_set = v.rule_set
        FROM jsonb_to_recordset({0}::jsonb) AS v(id uuid, version bigint, status text, reasons text, facts text,
            evaluated_at timestamptz, reevaluate_at timestamptz, rule_set text)
        WHERE p.id = v.id AND p.change_version = v.version
          AND NOT EXISTS (SELECT 1 FROM in_force WHERE in_force.rule_set <> v.rule_set)
        """;

    private const string Sqlite = """
        UPDATE prisoner
        SET danger_status = v.status, danger_reasons = v.reasons, danger_facts = v.facts,
            evaluated_at = v.evaluated_at, reevaluate_at = v.reevaluate_at, rule_set = v.rule_set
        FROM (SELECT value ->> 'id' AS id, value ->> 'version' AS version, value ->> 'status' AS status,
                     value ->> 'reasons' AS reasons, value ->> 'facts' AS facts, value ->> 'evaluated_at' AS evaluated_at,
                     value ->> 'reevaluate_at' AS reevaluate_at, value ->> 'rule_set' AS rule_set
              FROM json_each({0})) AS v
        WHERE prisoner.id = v.id AND prisoner.change_version = v.version
          AND NOT EXISTS (SELECT 1 FROM rule_set_in_force f WHERE f.rule_set <> v.rule_set)
        """;

    /// <summary>Returns how many verdicts were stored; the others were for versions, or a rule set, no longer current.</summary>
    public static Task<int> WriteVerdictsAsync(this PrisonDb db, IReadOnlyCollection<EvaluatedPrisoner> verdicts, CancellationToken cancellationToken = default)
    {
        if (verdicts.Count == 0)
        {
            return Task.FromResult(0);
        }

        var postgres = db.IsPostgreSql;
        var rows = verdicts.Select(v => new Dictionary<string, object?>
        {
            // SQLite keeps ids and instants as text in EF Core's formats, so the values must be spelled the same way.
            ["id"] = postgres ? v.PrisonerId.ToString() : v.PrisonerId.ToString().ToUpperInvariant(),
            ["version"] = v.ChangeVersion,
            ["status"] = v.Verdict.Status.ToString(),
            ["reasons"] = RuleCodes.Format(v.Verdict.FiredRules.Select(f => f.Code)),
            ["facts"] = RuleFacts.ToJson(v.Verdict.FiredRules),
            ["evaluated_at"] = Instant(v.Verdict.EvaluatedAtUtc, postgres),
            ["reevaluate_at"] = v.Verdict.ReevaluateAtUtc is { } at ? Instant(at, postgres) : null,
            ["rule_set"] = v.Verdict.RuleSetId,
        });
        var json = JsonSerializer.Serialize(rows);
        return db.Database.ExecuteSqlRawAsync(postgres ? PostgreSql : Sqlite, [json], cancellationToken);
    }

    private static string Instant(DateTime utc, bool postgres) =>
        postgres
            ? utc.ToString("yyyy-MM-dd'T'HH:mm:ss.FFFFFFF'Z'", CultureInfo.InvariantCulture)
            : utc.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture);
}
