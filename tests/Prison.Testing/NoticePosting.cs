using System.Net;
using System.Text.RegularExpressions;

namespace Prison.Testing;

/// <summary>
/// Records a disciplinary notice the way a browser does: the prisoner page first, for its antiforgery token and cookie,
/// then the notice form that page carries, which posts to the notice's recording page like every recording form.
/// </summary>
public static class NoticePosting
{
    public const string TokenField = "__RequestVerificationToken";

    public const string Kind = "disciplinary-notice";

    /// <summary>The prisoner page and the antiforgery token its form carries (the matching cookie stays in the client).</summary>
    public static async Task<(string Html, string Token)> OpenAsync(HttpClient client, string number)
    {
        var html = await client.GetStringAsync($"/prisoners/{number}");
        return (html, Token(html) ?? throw new InvalidOperationException($"The page of {number} has no {TokenField} field."));
    }

    /// <summary>
    /// Posts the notice as a newly rendered form would: with a one-time token of its own unless <paramref name="submission"/>
    /// gives the token of a form posted before (the same form posted again).
    /// </summary>
    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string number, string? token, string type, string date, string description, Guid? submission = null)
    {
        var fields = new List<KeyValuePair<string, string>>
        {
            new("Type", type),
            new("Date", date),
            new("Description", description),
            new(RecordPosting.SubmissionField, (submission ?? Guid.NewGuid()).ToString()),
        };
        if (token is not null)
        {
            fields.Add(new(TokenField, token));
        }

        return await client.PostAsync(RecordPosting.FormPath(number, Kind), new FormUrlEncodedContent(fields));
    }

    /// <summary>The token field's value in web's own markup (web and fault tests both post the form, so this lives here, not in Html).</summary>
    private static string? Token(string html) =>
        Regex.Match(html, $"<input\\b[^>]*\\bname=\"{TokenField}\"[^>]*>") is { Success: true } tag
        && Regex.Match(tag.Value, "\\bvalue=\"([^\"]*)\"") is { Success: true } value
            ? WebUtility.HtmlDecode(value.Groups[1].Value)
            : null;
}
