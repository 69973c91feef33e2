using Prison.Domain;
using Prison.Web.Pages.Prisoners.Recording;
using Prison.Web.Pages.Prisoners.Sections;

namespace Prison.Web.Tests.Pages.Prisoners;

/// <summary>The prisoner page shows every kind of entry the record holds, each with a form that records it.</summary>
public class RecordSectionsTests
{
    [Fact]
    public void Every_kind_of_entry_has_a_section_on_the_prisoner_page()
    {
        var missing = RecordSections.Missing();

        Assert.True(missing.Count == 0, "No EntrySection<T> for: " + string.Join(", ", missing.Select(k => k.Name)));
        Assert.Equal(Prisoner.EntryKinds.Order(TypeByName), RecordSections.All.Select(s => s.Kind).Order(TypeByName));
    }

    [Fact]
    public void Every_kind_of_entry_has_a_form_that_records_it()
    {
        var without = RecordSections.All.Where(s => s.Forms.Count == 0).Select(s => s.Kind.Name).ToList();

        Assert.True(without.Count == 0, "No recording form in the section of: " + string.Join(", ", without));
    }

    [Fact]
    public void Every_form_of_an_entry_is_offered_in_its_section()
    {
        RecordForm[] ofThePrisoner = [RecordForms.Of<PersonalDetails>(), RecordForms.Of<LegalStatusChange>(), RecordForms.Of<SecurityCategoryChange>(), RecordForms.Of<StrikeOut>()];
        var offered = RecordSections.All.SelectMany(s => s.Forms).Concat(ofThePrisoner).ToList();

        Assert.Empty(RecordForms.All.Where(form => !offered.Contains(form)).Select(form => form.Kind));
        Assert.Equal(offered.Count, offered.Distinct().Count());
    }

    private static readonly IComparer<Type> TypeByName = Comparer<Type>.Create((a, b) => string.CompareOrdinal(a.Name, b.Name));
}
