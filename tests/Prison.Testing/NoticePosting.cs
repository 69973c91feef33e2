using System.Net;
using System.Text.RegularExpressions;

namespace Prison.Testing;

/// <summary>Records a disciplinary notice the way a browser does: the prisoner page first, for its antiforgery token and cookie, then the form.</summary>
public static class NoticePosting
{
    public const string TokenField = "__RequestVerificationToken";

    /// <summary>The prisoner page and the antiforgery token its form carries (the matching cookie stays in the client).</summary>
    public static async Task<(string Html, string Token)> OpenAsync(HttpClient client, string number)
    {
        var html = await client.GetStringAsync($"/prisoners/{number}");
        return (html, Token(html) ?? throw new InvalidOperationException($"The page of {number} has no {TokenField} field."));
    }

    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string number, string? token, string type, string date, string description)
    {
        var fields = new List<KeyValuePair<string, string>>
        {
            new("Notice.Type", type),
            new("Notice.Date", date),
            new("Notice.Description", description),
        };
        if (token is not null)
        {
            fields.Add(new(TokenField, token));
        }

        return await client.PostAsync($"/prisoners/{number}?handler=Notice", new FormUrlEncodedContent(fields));
    }

    /// <summary>The token field's value in web's own markup (web and fault tests both post the form, so this lives here, not in Html).</summary>
    private static string? Token(string html) =>
        Regex.Match(html, $"<input\\b[^>]*\\bname=\"{TokenField}\"[^>]*>") is { Success: true } tag
        && Regex.Match(tag.Value, "\\bvalue=\"([^\"]*)\"") is { Success: true } value
            ? WebUtility.HtmlDecode(value.Groups[1].Value)
            : null;
}
