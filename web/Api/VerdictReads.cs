using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Pages.Shared;
using Prison.Web.SignIn;
using Prison.Web.Wording;

namespace Prison.Web.Api;

/// <summary>
/// What other systems read: one prisoner's verdict, a prison's Dangerous prisoners a page at a time, and a prison's
/// verdict changes from a cursor. Each call is
/// one statement scoped to the client's prisons (a prisoner or prison out of reach answers 404 as an unknown one does,
/// and is audited as a probe), answers with an ETag (304 to a matching If-None-Match), and is audited as a read: a
/// page of a list as one entry with its count.
/// </summary>
public static class VerdictReads
{
    public const int PageSize = 100;

    public static string VerdictPathOf(string number) => $"{ApiSetup.Prefix}/prisoners/{Uri.EscapeDataString(number)}/verdict";

    public static void MapVerdictReads(this RouteGroupBuilder api)
    {
        api.MapGet("/prisoners/{number}/verdict", async Task<IResult> (
            string number, HttpContext http, PrisonDb db, RuleSet ruleSet, RuleTitles titles, PrisonDirectory directory, CancellationToken cancellationToken) =>
        {
            var scope = PrisonScope.Of(http.User);
            if (await db.ApiVerdictAsync(number, scope.PrisonIds, cancellationToken) is not { } read)
            {
                return await NotFoundAsync(http, db, number, scope, cancellationToken);
            }

            var prisons = await directory.AllAsync(cancellationToken);
            var view = ApiVerdictView.Of(read, ruleSet.Id, titles, id => prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}");
            var answer = ApiAnswers.Json(http, view, out var notModified);
            if (!notModified)
            {
                db.AuditEntries.Add(AuditEntry.VerdictRead(read.PrisonerId, read.Number));
                await db.SaveChangesAsync(cancellationToken);
            }

            return answer;
        })
        .RequireAuthorization(ApiSetup.ReadPolicy)
        .WithName("GetVerdict")
        .WithTags(ApiDocument.VerdictsTag)
        .WithSummary("One prisoner's verdict")
        .WithDescription("The stored verdict of the prisoner of this number, if held now at one of the client's prisons: status, the rules fired with their facts, when evaluated, the record version it is for, and the forecast. Unknown until the worker has answered for the record's current version.")
        .Produces<ApiVerdictView>()
        .ProducesProblem(StatusCodes.Status404NotFound);

        api.MapGet("/prisons/{code}/dangerous", async Task<IResult> (
            string code, string? after, HttpContext http, PrisonDb db, PrisonDirectory directory, CancellationToken cancellationToken) =>
        {
            var scope = PrisonScope.Of(http.User);
            if (await directory.FindAsync(code, scope, cancellationToken) is not { } prison)
            {
                await OutOfReachAudit.PrisonAsync(http, code, cancellationToken);
                return ApiProblems.Of(StatusCodes.Status404NotFound, $"There is no prison {code}.");
            }

            ArrivalCursor? cursor = null;
            if (after is not null && !ArrivalCursor.TryParse(after, out cursor))
            {
                return ApiProblems.Of(StatusCodes.Status400BadRequest, "'after' is not a cursor this list gave: pass the 'next' of the previous page as it was.");
            }

            var page = await db.CurrentPrisonersAsync(prison.Id, DangerStatus.Dangerous, cursor, PageSize, cancellationToken);
            var rows = page.Rows.Select(r => new ApiPrisonerRow(r.PrisonerId, r.Number, r.Name, r.ArrivalDate, r.Status, r.FiredRules, VerdictPathOf(r.Number))).ToList();
            var answer = ApiAnswers.Json(http, new ApiPage<ApiPrisonerRow>(rows, page.Next?.ToString()), out var notModified);
            if (!notModified)
            {
                db.AuditEntries.Add(AuditEntry.PrisonersListed($"the Dangerous prisoners at {prison.Code} through the API", cursor is null, rows.Count));
                await db.SaveChangesAsync(cancellationToken);
            }

            return answer;
        })
        .RequireAuthorization(ApiSetup.ReadPolicy)
        .WithName("ListDangerous")
        .WithTags(ApiDocument.VerdictsTag)
        .WithSummary("A prison's Dangerous prisoners")
        .WithDescription("The prison's current prisoners whose verdict is Dangerous, newest arrival first, 100 a page; pass a page's 'next' as 'after' for the next page.")
        .Produces<ApiPage<ApiPrisonerRow>>()
        .ProducesProblem(StatusCodes.Status400BadRequest)
        .ProducesProblem(StatusCodes.Status404NotFound);

        api.MapGet("/prisons/{code}/verdict-changes", async Task<IResult> (
            string code, string? after, HttpContext http, PrisonDb db, PrisonDirectory directory, CancellationToken cancellationToken) =>
        {
            var scope = PrisonScope.Of(http.User);
            if (await directory.FindAsync(code, scope, cancellationToken) is not { } prison)
            {
                await OutOfReachAudit.PrisonAsync(http, code, cancellationToken);
                return ApiProblems.Of(StatusCodes.Status404NotFound, $"There is no prison {code}.");
            }

            var cursor = (Tx: 0L, Id: 0L);
            if (after is not null && !VerdictFeedReads.TryParseCursor(after, out cursor))
            {
                return ApiProblems.Of(StatusCodes.Status400BadRequest, "'after' is not a cursor this feed gave: pass the 'next' of the previous answer as it was.");
            }

            var rows = await db.VerdictFeedAsync(prison.Id, cursor, PageSize, cancellationToken);
            var changes = rows.Select(r => new ApiVerdictChange(
                r.Id, r.PrisonerId, r.Number, new DateTimeOffset(r.AtUtc), r.FromStatus, r.ToStatus, RuleCodes.Parse(r.Reasons), r.ChangeVersion, r.RuleSet, VerdictPathOf(r.Number))).ToList();
            var next = rows.Count > 0 ? rows[^1].Cursor : after ?? "0_0";
            var answer = ApiAnswers.Json(http, new ApiPage<ApiVerdictChange>(changes, next), out var notModified);
            if (!notModified)
            {
                db.AuditEntries.Add(AuditEntry.ShiftChangesViewed($"{prison.Code} through the API, after {after ?? "the first"}", changes.Count));
                await db.SaveChangesAsync(cancellationToken);
            }

            return answer;
        })
        .RequireAuthorization(ApiSetup.ReadPolicy)
        .WithName("ListVerdictChanges")
        .WithTags(ApiDocument.VerdictsTag)
        .WithSummary("A prison's verdict changes since a cursor")
        .WithDescription("Every change of a verdict of a prisoner held at the prison when it changed, in the order the changes became visible, 100 at a time. Keep the answer's 'next' and pass it as 'after' next time: no change is missed or repeated, whatever commits meanwhile.")
        .Produces<ApiPage<ApiVerdictChange>>()
        .ProducesProblem(StatusCodes.Status400BadRequest)
        .ProducesProblem(StatusCodes.Status404NotFound);
    }

    /// <summary>Not found, as an unknown one: for a client limited to prisons, the refusal is audited as a probe when the prisoner exists.</summary>
    private static async Task<IResult> NotFoundAsync(HttpContext http, PrisonDb db, string number, PrisonScope scope, CancellationToken cancellationToken)
    {
        if (!scope.IsEverywhere && await db.LoadPrisonerAsync(number, Tracking.Untracked, cancellationToken) is { } prisoner)
        {
            await OutOfReachAudit.PrisonerAsync(http, prisoner, cancellationToken);
        }

        return ApiProblems.Of(StatusCodes.Status404NotFound, $"There is no prisoner {number}.");
    }
}
