using System.Net;
using Prison.Testing;

namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// Every recording form through the real web host with antiforgery: a valid entry lands in the database and its
/// PrisonerChanged is published and consumed (the worker's verdict for the new version arrives); a bad field is
/// refused with its message next to it, the typed values are kept and nothing is saved.
/// </summary>
public sealed class EntryFormTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    /// <summary>Changed by the refused-input rows: none of them may change it.</summary>
    private const string RefusedNumber = "A109";

    /// <summary>
    /// Rows: prisoner, form, fields; a form posted first to give the row something to end or decide (or empty); and a
    /// count query ("{id}" is the prisoner's id) that is above zero once the entry has landed.
    /// </summary>
    [Theory]
    [InlineData("A106", "disciplinary-notice", "Type=Drugs|Date={today}|Description=a wrap in a sock", "", "", "SELECT count(*) FROM disciplinary_notice WHERE prisoner_id = '{id}' AND type = 'Drugs'")]
    [InlineData("A113", "admission", "Prison=2|Date={today}", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND prison_id = 2 AND left_on IS NULL")]
    [InlineData("A107", "transfer", "Prison=2|Date={today}|Disciplinary=true", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND arrival_reason = 'DisciplinaryTransfer' AND left_on IS NULL")]
    [InlineData("A108", "release", "Date={today}", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND left_on IS NOT NULL")]
    [InlineData("A111", "strike-out", "Entry={entry}|Reason=entered on the wrong prisoner", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND struck_by = '" + ProductionFixture.StaffName + "' AND struck_reason = 'entered on the wrong prisoner' AND struck_at IS NOT NULL")]
    [InlineData("A106", "past-stay", "Prison=2|Reason=NewReception|Arrival=2010-01-01|Left=2010-06-01", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND arrival_date = '2010-01-01' AND left_on = '2010-06-01'")]
    [InlineData("A106", "sentence", "Months=120", "", "", "SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND sentence_months = 120 AND left_on IS NULL")]
    [InlineData("A106", "legal-status", "Status=AwaitingTrial", "", "", "SELECT count(*) FROM prisoner WHERE id = '{id}' AND legal_status = 'AwaitingTrial'")]
    [InlineData("A106", "security-category", "Category=B", "", "", "SELECT count(*) FROM prisoner WHERE id = '{id}' AND security_category = 'B'")]
    [InlineData("A106", "personal-details", "Name=Sam Renamed|DateOfBirth=1990-02-03", "", "", "SELECT count(*) FROM prisoner WHERE id = '{id}' AND name = 'Sam Renamed' AND date_of_birth = '1990-02-03'")]
    [InlineData("A106", "segregation-start", "Start={today}|Reason=fighting", "", "", "SELECT count(*) FROM segregation_period WHERE prisoner_id = '{id}' AND reason = 'fighting'")]
    [InlineData("A106", "segregation-end", "Entry={entry}|Date={today}", "segregation-start", "Start={yesterday}|Reason=to end", "SELECT count(*) FROM segregation_period WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    [InlineData("A106", "charge", "Offence=Burglary|Category=Property|OffenceDate={yesterday}", "", "", "SELECT count(*) FROM charge WHERE prisoner_id = '{id}' AND offence = 'Burglary' AND outcome = 'Pending'")]
    [InlineData("A106", "charge-outcome", "Charge={entry}|Outcome=Acquitted", "charge", "Offence=Theft|Category=Property", "SELECT count(*) FROM charge WHERE prisoner_id = '{id}' AND outcome = 'Acquitted'")]
    [InlineData("A106", "court-hearing", "Date={tomorrow}|Court=Bronx Criminal Court", "", "", "SELECT count(*) FROM court_hearing WHERE prisoner_id = '{id}' AND court = 'Bronx Criminal Court'")]
    [InlineData("A106", "detainer-lodging", "Authority=Immigration|Lodged={today}", "", "", "SELECT count(*) FROM detainer WHERE prisoner_id = '{id}' AND authority = 'Immigration'")]
    [InlineData("A106", "detainer-lift", "Entry={entry}|Date={today}", "detainer-lodging", "Authority=County|Lodged={yesterday}", "SELECT count(*) FROM detainer WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    [InlineData("A106", "escape", "EscapeKind=Absconded|Date=2019-05-01", "", "", "SELECT count(*) FROM escape_record WHERE prisoner_id = '{id}' AND kind = 'Absconded'")]
    [InlineData("A106", "threat-group", "Group=Crew|Since={yesterday}", "", "", "SELECT count(*) FROM threat_group_membership WHERE prisoner_id = '{id}' AND group_name = 'Crew'")]
    [InlineData("A106", "threat-group-verification", "Entry={entry}", "threat-group", "Group=Band|Since={yesterday}", "SELECT count(*) FROM threat_group_membership WHERE prisoner_id = '{id}' AND is_verified")]
    [InlineData("A106", "threat-group-end", "Entry={entry}|Date={today}", "threat-group", "Group=Set|Since={yesterday}", "SELECT count(*) FROM threat_group_membership WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    [InlineData("A106", "intelligence", "Date={today}|Grade=Low|Summary=talk on the landing", "", "", "SELECT count(*) FROM intelligence_report WHERE prisoner_id = '{id}' AND grade = 'Low'")]
    [InlineData("A106", "drug-test", "Date={today}|Result=Negative", "", "", "SELECT count(*) FROM drug_test WHERE prisoner_id = '{id}' AND result = 'Negative'")]
    [InlineData("A106", "self-harm-watch-start", "Start={today}", "", "", "SELECT count(*) FROM self_harm_watch WHERE prisoner_id = '{id}'")]
    [InlineData("A106", "self-harm-watch-end", "Entry={entry}|Date={today}", "self-harm-watch-start", "Start={yesterday}", "SELECT count(*) FROM self_harm_watch WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    [InlineData("A106", "psychiatric-episode", "Date={today}|Violent=true|Note=shouting", "", "", "SELECT count(*) FROM psychiatric_episode WHERE prisoner_id = '{id}' AND is_violent")]
    [InlineData("A106", "medication-stop", "Date={today}|Medication=Olanzapine|Antipsychotic=true", "", "", "SELECT count(*) FROM medication_stop WHERE prisoner_id = '{id}' AND is_antipsychotic AND NOT stopped_by_prisoner")]
    [InlineData("A106", "visit-ban", "Start={today}|Reason=smuggling", "", "", "SELECT count(*) FROM visit_ban WHERE prisoner_id = '{id}' AND reason = 'smuggling'")]
    [InlineData("A106", "visit-ban-lift", "Entry={entry}|Date={today}", "visit-ban", "Start={yesterday}|Reason=to lift", "SELECT count(*) FROM visit_ban WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    [InlineData("A106", "contact-order-breach", "Date={today}|Description=a letter to the victim", "", "", "SELECT count(*) FROM contact_order_breach WHERE prisoner_id = '{id}'")]
    [InlineData("A106", "request", "Type=Parole|Date={today}|Decision=Pending", "", "", "SELECT count(*) FROM request WHERE prisoner_id = '{id}' AND type = 'Parole'")]
    [InlineData("A106", "request-decision", "Entry={entry}|Decision=Denied", "request", "Type=Visit|Date={today}|Decision=Pending", "SELECT count(*) FROM request WHERE prisoner_id = '{id}' AND decision = 'Denied'")]
    [InlineData("A106", "withdrawal-start", "Start={today}|Substance=heroin", "", "", "SELECT count(*) FROM withdrawal_episode WHERE prisoner_id = '{id}' AND substance = 'heroin'")]
    [InlineData("A106", "withdrawal-end", "Entry={entry}|Date={today}", "withdrawal-start", "Start={yesterday}|Substance=alcohol", "SELECT count(*) FROM withdrawal_episode WHERE prisoner_id = '{id}' AND end_date IS NOT NULL")]
    public async Task A_valid_entry_lands_marks_the_prisoner_unknown_and_is_published_and_evaluated(
        string number, string kind, string fields, string setupKind, string setupFields, string landed)
    {
        if (setupKind.Length > 0)
        {
            await RecordAsync(number, setupKind, setupFields);
        }

        var before = long.Parse((await system.StoredAsync(number))[2], System.Globalization.CultureInfo.InvariantCulture);

        await RecordAsync(number, kind, fields);

        Assert.True(await system.Database.ScalarAsync<long>(landed.Replace("{id}", system.Ids[number].ToString(), StringComparison.Ordinal)) > 0, landed);
        var after = long.Parse((await system.StoredAsync(number))[2], System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(before + 1, after);

        // Web published the change after committing; the worker consumed it when a verdict for that version is stored.
        await Eventually.Async(
            () => system.StoredAsync(number),
            row => row[0] != "Unknown" && row[2] == after.ToString(System.Globalization.CultureInfo.InvariantCulture),
            $"the worker's verdict on {number} after {kind}",
            TimeSpan.FromSeconds(20));
    }

    /// <summary>Rows: form, fields, the field expected to be refused, and its message ("{today}" is today at the prison).</summary>
    [Theory]
    [InlineData("admission", "Prison=9|Date={today}", "Prison", "Choose a prison from the list.")]
    [InlineData("transfer", "Prison=2|Date={tomorrow}", "Date", "The date cannot be in the future: today is {today} at this prison.")]
    [InlineData("transfer", "Prison=1|Date={today}", "Prison", "The prisoner is already held there: choose another prison.")]
    [InlineData("release", "Date=31/12/2025", "Date", "Enter the release date as YYYY-MM-DD.")]
    [InlineData("release", "Date=2026-02-30", "Date", "Enter the release date as YYYY-MM-DD.")]
    [InlineData("drug-test", "Date=1979-12-31|Result=Negative", "Date", "The date cannot be before the prisoner was born (1980-01-01).")]
    [InlineData("escape", "EscapeKind=Escape|Date=1899-12-31", "Date", "The date cannot be before 1900-01-01.")]
    [InlineData("court-hearing", "Date=2099-01-01|Court=Bronx", "Date", "The date cannot be more than 10 years ahead (after {ten-years-on}).")]
    [InlineData("visit-ban", "Start={today}|End=2099-01-01|Reason=smuggling", "End", "The date cannot be more than 10 years ahead (after {ten-years-on}).")]
    [InlineData("personal-details", "Name=Sam|DateOfBirth={tomorrow}", "DateOfBirth", "The date of birth cannot be in the future: today is {today} at this prison.")]
    [InlineData("segregation-start", "Start={today}|Reason={501}", "Reason", "Keep this to 500 characters at most.")]
    [InlineData("past-stay", "Prison=1|Reason=NewReception|Arrival=2010-05-01|Left=2010-01-01", "Left", "This date cannot be before the arrival (2010-05-01).")]
    [InlineData("past-stay", "Prison=1|Reason=Sideways|Arrival=2010-01-01|Left=2010-05-01", "Reason", "Choose how they arrived from the list.")]
    [InlineData("past-stay", "Prison=1|Reason=Transfer|Arrival=2010-01-01|Left=", "Left", "Enter the day they left as YYYY-MM-DD.")]
    [InlineData("legal-status", "Status=Free", "Status", "Choose a legal status from the list.")]
    [InlineData("security-category", "Category=E", "Category", "Choose a security category from the list.")]
    [InlineData("sentence", "Months=0", "Months", "Enter the length in whole months, from 1 to 1200, or tick life sentence.")]
    [InlineData("sentence", "Months=12|Life=true", "Months", "A life sentence has no length: leave this empty.")]
    [InlineData("personal-details", "Name= |DateOfBirth=1990-01-01", "Name", "Enter the prisoner's name.")]
    [InlineData("personal-details", "Name=Sam|DateOfBirth=1850-01-01", "DateOfBirth", "The date of birth cannot be before 1900-01-01.")]
    [InlineData("charge", "Offence=|Category=Property", "Offence", "Name the offence.")]
    [InlineData("charge", "Offence=Theft|Category=Property|OffenceDate={tomorrow}", "OffenceDate", "The date cannot be in the future: today is {today} at this prison.")]
    [InlineData("charge-outcome", "Charge=not-a-charge|Outcome=Convicted", "Charge", "Choose a pending charge from the list.")]
    [InlineData("court-hearing", "Date=|Court=Bronx", "Date", "Enter the hearing date as YYYY-MM-DD.")]
    [InlineData("court-hearing", "Date={tomorrow}|Court=", "Court", "Name the court.")]
    [InlineData("detainer-lodging", "Authority=|Lodged={today}", "Authority", "Name the authority that lodged the detainer.")]
    [InlineData("detainer-lift", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("segregation-start", "Start={tomorrow}|Reason=fighting", "Start", "The date cannot be in the future: today is {today} at this prison.")]
    [InlineData("segregation-end", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("escape", "EscapeKind=Vanished|Date={today}", "EscapeKind", "Choose what happened from the list.")]
    [InlineData("threat-group", "Group=|Since={today}", "Group", "Name the group.")]
    [InlineData("threat-group-verification", "Entry=nothing", "Entry", "Choose an unverified membership from the list.")]
    [InlineData("threat-group-end", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("intelligence", "Date={today}|Grade=Top|Summary=talk", "Grade", "Choose a grade from the list.")]
    [InlineData("drug-test", "Date={today}|Result=", "Result", "Choose a result from the list.")]
    [InlineData("self-harm-watch-start", "Start=soon", "Start", "Enter the start date as YYYY-MM-DD.")]
    [InlineData("self-harm-watch-end", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("psychiatric-episode", "Date={today}|Note=", "Note", "Describe what happened.")]
    [InlineData("medication-stop", "Date={today}|Medication=", "Medication", "Name the medication.")]
    [InlineData("visit-ban", "Start={today}|End=2000-01-01|Reason=smuggling", "End", "This date cannot be before the start ({today}).")]
    [InlineData("visit-ban-lift", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("contact-order-breach", "Date={today}|Description=", "Description", "Describe the breach.")]
    [InlineData("request", "Type=Holiday|Date={today}|Decision=Pending", "Type", "Choose what the request is for from the list.")]
    [InlineData("request-decision", "Entry=nothing|Decision=Denied", "Entry", "Choose a pending request from the list.")]
    [InlineData("withdrawal-start", "Start={today}|Substance=", "Substance", "Name the substance.")]
    [InlineData("withdrawal-end", "Entry=nothing|Date={today}", "Entry", "Choose from the list: only what is still open can be ended.")]
    [InlineData("strike-out", "Entry={entry}|Reason= ", "Reason", "Say why the entry was made in error.")]
    public async Task A_bad_field_is_refused_with_its_message_next_to_it_the_typed_values_are_kept_and_nothing_is_saved(
        string kind, string fields, string field, string message)
    {
        var before = await system.StoredAsync(RefusedNumber);
        var (form, token) = await RecordPosting.OpenAsync(system.Client, RefusedNumber, kind);
        var posted = FormRow.Fields(fields, system.Today, form);

        using var response = await RecordPosting.PostAsync(system.Client, RefusedNumber, kind, token, posted);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal(FormRow.Fill(message, system.Today, form), Html.TextById(html, $"{field}-error"));
        Assert.Contains($"aria-describedby=\"{field}-error\"", html);
        foreach (var (name, value) in posted.Where(p => !p.Key.Equals(field, StringComparison.Ordinal)))
        {
            Assert.Equal(value, Html.InputValue(html, name) ?? Html.TextAreaValue(html, name) ?? Html.SelectedOptions(html, name).SingleOrDefault() ?? value);
        }

        Assert.Equal(before, await system.StoredAsync(RefusedNumber));
    }

    [Theory]
    [InlineData("past-stay", "Prison=2|Reason=NewReception|Arrival=2000-01-01|Left={today}", "overlaps the stay New reception at Prison 1 on")]
    [InlineData("admission", "Prison=2|Date={today}", "is already held at Prison 1 since")]
    public async Task A_refusal_by_the_aggregate_is_shown_on_the_form_and_nothing_is_saved(string kind, string fields, string message)
    {
        var before = await system.StoredAsync(RefusedNumber);
        var (form, token) = await RecordPosting.OpenAsync(system.Client, RefusedNumber, kind);

        using var response = await RecordPosting.PostAsync(system.Client, RefusedNumber, kind, token, FormRow.Fields(fields, system.Today, form));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains(message, Html.TextOf(await response.Content.ReadAsStringAsync(), "div", "data-role=\"error-summary\"") ?? string.Empty);
        Assert.Equal(before, await system.StoredAsync(RefusedNumber));
    }

    [Fact]
    public async Task A_struck_out_notice_is_shown_struck_through_with_who_when_and_why_and_no_longer_makes_the_prisoner_dangerous()
    {
        const string number = ProductionFixture.ArmedLongAgoNumber;
        var (form, _) = await RecordPosting.OpenAsync(system.Client, number, "strike-out");
        var notice = System.Text.RegularExpressions.Regex.Match(form, "<option value=\"([^\"]+)\">Disciplinary notice").Groups[1].Value;

        await RecordAsync(number, "strike-out", $"Entry={notice}|Reason=the blade was found in another cell");

        await Eventually.Async(() => system.StoredAsync(number), row => row[0] == "NotDangerous", $"{number} no longer dangerous", TimeSpan.FromSeconds(20));
        var page = await system.Client.GetStringAsync($"/prisoners/{number}");
        Assert.Contains("Weapon notice of", Html.TextOf(page, "del", string.Empty));
        Assert.Contains($"struck out by {ProductionFixture.StaffName} on", page);
        Assert.Contains("the blade was found in another cell", page);
    }

    [Fact]
    public async Task Striking_out_a_transfer_saves_and_the_prisoner_is_held_again_where_the_transfer_took_them_from()
    {
        const string number = "A103";
        await RecordAsync(number, "transfer", "Prison=2|Date={today}|Disciplinary=false");
        var (form, _) = await RecordPosting.OpenAsync(system.Client, number, "strike-out");
        var stay = System.Text.RegularExpressions.Regex.Match(form, "<option value=\"([^\"]+)\">Stay: Transfer at Prison 2 on").Groups[1].Value;
        Assert.NotEmpty(stay);

        await RecordAsync(number, "strike-out", $"Entry={stay}|Reason=the van never left");

        var id = system.Ids[number];
        Assert.Equal(1, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND prison_id = 1 AND left_on IS NULL AND struck_at IS NULL"));
        Assert.Equal(1, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM imprisonment WHERE prisoner_id = '{id}' AND prison_id = 2 AND struck_reason = 'the van never left'"));
    }

    [Fact]
    public async Task The_prisoner_page_offers_to_end_an_open_period_and_the_link_chooses_it_on_the_form()
    {
        const string number = "A110";
        await RecordAsync(number, "segregation-start", "Start={yesterday}|Reason=threatened staff");
        var id = await system.Database.ScalarAsync<string>($"SELECT id::text FROM segregation_period WHERE prisoner_id = '{system.Ids[number]}'");

        var page = await system.Client.GetStringAsync($"/prisoners/{number}");

        var link = $"/prisoners/{number}/record/segregation-end?Entry={id}";
        Assert.Contains($"href=\"{link}\"", page);
        Assert.Equal([id!], Html.SelectedOptions(await system.Client.GetStringAsync(link), "Entry"));
    }

    [Fact]
    public async Task A_form_for_an_unknown_kind_or_prisoner_is_not_found()
    {
        using var kind = await system.Client.GetAsync(RecordPosting.FormPath(RefusedNumber, "tattoo"));
        using var prisoner = await system.Client.GetAsync(RecordPosting.FormPath("Z999", "drug-test"));

        Assert.Equal(HttpStatusCode.NotFound, kind.StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, prisoner.StatusCode);
    }

    private async Task RecordAsync(string number, string kind, string fields)
    {
        var (form, token) = await RecordPosting.OpenAsync(system.Client, number, kind);
        using var response = await RecordPosting.PostAsync(system.Client, number, kind, token, FormRow.Fields(fields, system.Today, form));
        var html = response.StatusCode == HttpStatusCode.Redirect ? string.Empty : await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.Redirect, $"{kind} was not saved: {Html.TextOf(html, "form", string.Empty)}");
    }
}
