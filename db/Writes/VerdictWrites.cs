using System.Globalization;
using System.Text.Json;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using NpgsqlTypes;
using Prison.Domain;

namespace Prison.Db.Writes;

/// <summary>
/// Stores verdicts in ONE statement, each guarded by the prisoner's version and the rule set in force, locking
/// prisoners in id order; each verdict carries its forecast, stored and refused with it (docs/architecture.md, "The
/// promise: a verdict only beside the record it was computed for"). A prisoner whose stored verdict is already the one
/// reached is left alone (its evaluated_at stays the instant that verdict was first reached).
/// </summary>
public static class VerdictWrites
{
    /// <summary>
    /// On PostgreSQL the verdicts travel as one typed array per column, in binary: one JSON document, built in the
    /// worker and parsed in the server, made batches and full re-evaluations slower (docs/benchmarks.md). A verdict equal
    /// to the one stored for the same version and rule set is not written again: the row, its triggers and the kept
    /// figures stay untouched, so a nightly run over unchanged records writes almost nothing (docs/benchmarks.md). Such
    /// verdicts still count as standing: one read of each prisoner finds them, and only the others are updated, the
    /// update checking again under the row's lock.
    /// </summary>
    private const string PostgreSql = """
        WITH in_force AS (SELECT rule_set FROM rule_set_in_force FOR SHARE),
        verdicts AS (
            SELECT * FROM unnest(@ids, @versions, @statuses, @reasons, @facts, @evaluated_at, @reevaluate_at, @rule_sets, @causes, @cause_details,
                                 @forecast_at, @forecast_status, @forecast_came, @forecast_went)
                AS v(id, version, status, reasons, facts, evaluated_at, reevaluate_at, rule_set, cause, cause_detail,
                     forecast_at, forecast_status, forecast_came, forecast_went)),
        current AS (
            SELECT v.*, (p.danger_status, p.danger_reasons, p.danger_facts, p.evaluated_version, p.reevaluate_at, p.rule_set,
                         p.forecast_at, p.forecast_status, p.forecast_came, p.forecast_went)
                        IS NOT DISTINCT FROM (v.status, v.reasons, v.facts, v.version, v.reevaluate_at, v.rule_set,
                         v.forecast_at, v.forecast_status, v.forecast_came, v.forecast_went) AS stored_already
            FROM verdicts AS v JOIN prisoner AS p ON p.id = v.id AND p.change_version = v.version
            WHERE NOT EXISTS (SELECT 1 FROM in_force WHERE in_force.rule_set <> v.rule_set)),
        written AS (
            UPDATE prisoner AS p
            SET danger_status = v.status, danger_reasons = v.reasons, danger_facts = v.facts, evaluated_version = v.version,
                evaluated_at = v.evaluated_at, reevaluate_at = v.reevaluate_at, rule_set = v.rule_set,
                forecast_at = v.forecast_at, forecast_status = v.forecast_status, forecast_came = v.forecast_came, forecast_went = v.forecast_went,
                verdict_cause = coalesce(v.cause, p.verdict_cause),
                verdict_cause_detail = CASE WHEN v.cause IS NULL THEN p.verdict_cause_detail ELSE v.cause_detail END
            FROM (SELECT * FROM current AS v WHERE NOT v.stored_already ORDER BY v.id) AS v
            WHERE p.id = v.id AND p.change_version = v.version
              AND (p.danger_status, p.danger_reasons, p.danger_facts, p.evaluated_version, p.reevaluate_at, p.rule_set,
                   p.forecast_at, p.forecast_status, p.forecast_came, p.forecast_went)
                  IS DISTINCT FROM (v.status, v.reasons, v.facts, v.version, v.reevaluate_at, v.rule_set,
                   v.forecast_at, v.forecast_status, v.forecast_came, v.forecast_went)
            RETURNING p.id)
        SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM current WHERE stored_already))::integer AS "Value"
        """;

    private const string SqliteStoredAlready = """
        prisoner.danger_status IS v.status AND prisoner.danger_reasons IS v.reasons AND prisoner.danger_facts IS v.facts
          AND prisoner.evaluated_version IS v.version AND prisoner.reevaluate_at IS v.reevaluate_at AND prisoner.rule_set IS v.rule_set
          AND prisoner.forecast_at IS v.forecast_at AND prisoner.forecast_status IS v.forecast_status
          AND prisoner.forecast_came IS v.forecast_came AND prisoner.forecast_went IS v.forecast_went
        """;

    /// <summary>
    /// SQLite's statement rewrites a verdict already stored with the values it has (SQLite cannot count rows a statement
    /// leaves alone), keeping its instant and cause as PostgreSQL's does; its triggers compare values and record nothing.
    /// </summary>
    private const string Sqlite = $$"""
        UPDATE prisoner
        SET danger_status = v.status, danger_reasons = v.reasons, danger_facts = v.facts, evaluated_version = v.version,
            evaluated_at = CASE WHEN {{SqliteStoredAlready}} THEN prisoner.evaluated_at ELSE v.evaluated_at END,
            reevaluate_at = v.reevaluate_at, rule_set = v.rule_set,
            forecast_at = v.forecast_at, forecast_status = v.forecast_status, forecast_came = v.forecast_came, forecast_went = v.forecast_went,
            verdict_cause = CASE WHEN v.cause IS NULL OR ({{SqliteStoredAlready}}) THEN prisoner.verdict_cause ELSE v.cause END,
            verdict_cause_detail = CASE WHEN v.cause IS NULL OR ({{SqliteStoredAlready}}) THEN prisoner.verdict_cause_detail ELSE v.cause_detail END
        FROM (SELECT value ->> 'id' AS id, value ->> 'version' AS version, value ->> 'status' AS status,
                     value ->> 'reasons' AS reasons, value ->> 'facts' AS facts, value ->> 'evaluated_at' AS evaluated_at,
                     value ->> 'reevaluate_at' AS reevaluate_at, value ->> 'rule_set' AS rule_set,
                     value ->> 'cause' AS cause, value ->> 'cause_detail' AS cause_detail,
                     value ->> 'forecast_at' AS forecast_at, value ->> 'forecast_status' AS forecast_status,
                     value ->> 'forecast_came' AS forecast_came, value ->> 'forecast_went' AS forecast_went
              FROM json_each({0})) AS v
        WHERE prisoner.id = v.id AND prisoner.change_version = v.version
          AND NOT EXISTS (SELECT 1 FROM rule_set_in_force f WHERE f.rule_set <> v.rule_set)
        """;

    /// <summary>
    /// Returns how many verdicts stand: written, or found already stored as they are; the others were for versions, or
    /// a rule set, no longer current. A verdict that another statement stores with the same values while this one waits
    /// for its row counts as neither (the caller then merely checks the rule set in force again).
    /// </summary>
    public static async Task<int> WriteVerdictsAsync(this PrisonDb db, IReadOnlyCollection<EvaluatedPrisoner> verdicts, CancellationToken cancellationToken = default)
    {
        if (verdicts.Count == 0)
        {
            return 0;
        }

        if (db.IsPostgreSql)
        {
            return (await db.Database.SqlQueryRaw<int>(PostgreSql, ColumnsOf(verdicts)).ToListAsync(cancellationToken)).Single();
        }

        return await db.Database.ExecuteSqlRawAsync(Sqlite, [JsonOf(verdicts)], cancellationToken);
    }

    private static NpgsqlParameter[] ColumnsOf(IReadOnlyCollection<EvaluatedPrisoner> verdicts) =>
    [
        Column("ids", NpgsqlDbType.Uuid, verdicts.Select(v => v.PrisonerId)),
        Column("versions", NpgsqlDbType.Bigint, verdicts.Select(v => v.ChangeVersion)),
        Column("statuses", NpgsqlDbType.Text, verdicts.Select(v => v.Verdict.Status.ToString())),
        Column("reasons", NpgsqlDbType.Text, verdicts.Select(v => RuleCodes.Format(v.Verdict.FiredRules.Select(f => f.Code)))),
        Column("facts", NpgsqlDbType.Text, verdicts.Select(v => RuleFacts.ToJson(v.Verdict.FiredRules))),
        Column("evaluated_at", NpgsqlDbType.TimestampTz, verdicts.Select(v => v.Verdict.EvaluatedAtUtc)),
        Column("reevaluate_at", NpgsqlDbType.TimestampTz, verdicts.Select(v => v.Verdict.ReevaluateAtUtc)),
        Column("rule_sets", NpgsqlDbType.Text, verdicts.Select(v => v.Verdict.RuleSetId)),
        Column("causes", NpgsqlDbType.Text, verdicts.Select(v => v.Cause?.Kind.ToString())),
        Column("cause_details", NpgsqlDbType.Text, verdicts.Select(v => v.Cause?.Detail)),
        Column("forecast_at", NpgsqlDbType.TimestampTz, verdicts.Select(v => v.Verdict.Forecast?.AtUtc)),
        Column("forecast_status", NpgsqlDbType.Text, verdicts.Select(v => v.Verdict.Forecast?.To.ToString())),
        Column("forecast_came", NpgsqlDbType.Text, verdicts.Select(v => ForecastFacts.CameOf(v.Verdict.Forecast))),
        Column("forecast_went", NpgsqlDbType.Text, verdicts.Select(v => ForecastFacts.WentOf(v.Verdict.Forecast))),
    ];

    /// <summary>Typed, so that unnest yields the columns' types (strings would go as varchar[], instants by their kind).</summary>
    private static NpgsqlParameter Column<T>(string name, NpgsqlDbType type, IEnumerable<T> values) =>
        new(name, NpgsqlDbType.Array | type) { Value = values.ToArray() };

    private static string JsonOf(IReadOnlyCollection<EvaluatedPrisoner> verdicts) =>
        JsonSerializer.Serialize(verdicts.Select(v => new Dictionary<string, object?>
        {
            // SQLite keeps ids and instants as text in EF Core's formats, so the values must be spelled the same way.
            ["id"] = v.PrisonerId.ToString().ToUpperInvariant(),
            ["version"] = v.ChangeVersion,
            ["status"] = v.Verdict.Status.ToString(),
            ["reasons"] = RuleCodes.Format(v.Verdict.FiredRules.Select(f => f.Code)),
            ["facts"] = RuleFacts.ToJson(v.Verdict.FiredRules),
            ["evaluated_at"] = Instant(v.Verdict.EvaluatedAtUtc),
            ["reevaluate_at"] = v.Verdict.ReevaluateAtUtc is { } at ? Instant(at) : null,
            ["rule_set"] = v.Verdict.RuleSetId,
            ["cause"] = v.Cause?.Kind.ToString(),
            ["cause_detail"] = v.Cause?.Detail,
            ["forecast_at"] = v.Verdict.Forecast is { } forecast ? Instant(forecast.AtUtc) : null,
            ["forecast_status"] = v.Verdict.Forecast?.To.ToString(),
            ["forecast_came"] = ForecastFacts.CameOf(v.Verdict.Forecast),
            ["forecast_went"] = ForecastFacts.WentOf(v.Verdict.Forecast),
        }));

    private static string Instant(DateTime utc) => utc.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture);
}
