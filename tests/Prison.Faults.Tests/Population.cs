namespace Prison.Faults.Tests;

/// <summary>
/// Many prisoners at once for the full-run tests, written with set-based SQL (tens of thousands through the aggregate
/// would take longer than the runs under test). Every one needs work: odd ones are Unknown, even ones carry a stale
/// verdict from another rule set that the rules would not give them (a Dangerous flag with an escape never recorded).
/// </summary>
public static class Population
{
    public static async Task AddAsync(ScratchDatabase database, int count)
    {
        await database.ExecuteAsync($"""
            INSERT INTO prison (id, code, name) VALUES (1, 'P1', 'Prison 1');
            INSERT INTO prisoner (id, number, name, date_of_birth, legal_status, change_version, changed_at,
                                  danger_status, danger_reasons, evaluated_at, evaluated_version, rule_set)
            SELECT gen_random_uuid(), 'M' || n, 'Prisoner ' || n, DATE '1970-01-01' + (n % 15000),
                   (ARRAY['Convicted', 'Remand', 'AwaitingTrial'])[1 + n % 3], 1, now(),
                   CASE WHEN n % 2 = 0 THEN 'Dangerous' ELSE 'Unknown' END,
                   CASE WHEN n % 2 = 0 THEN 'EscapeHistory' ELSE '' END,
                   CASE WHEN n % 2 = 0 THEN now() - interval '2 days' END,
                   CASE WHEN n % 2 = 0 THEN 1 END,
                   CASE WHEN n % 2 = 0 THEN 'stale' END
            FROM generate_series(1, {count}) AS n;
            INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason)
            SELECT gen_random_uuid(), id, 1, current_date - (abs(hashtext(number)) % 400), 'NewReception' FROM prisoner;
            """);
    }
}
