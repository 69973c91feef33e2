using Prison.Domain.Evaluation;

namespace Prison.Domain.Tests.Evaluation;

public class RuleCatalogTests
{
    [Fact]
    public void Finds_every_rule_class_of_the_domain_without_registration()
    {
        var expected = typeof(DangerRule).Assembly.GetExportedTypes()
            .Where(t => t.Namespace == "Prison.Domain.Rules" && !t.IsAbstract && t.IsSubclassOf(typeof(DangerRule)))
            .Select(t => t.Name)
            .Order(StringComparer.Ordinal);

        Assert.Equal(expected, RuleCatalog.BuiltIn().Select(r => r.Code));
    }

    [Fact]
    public void Every_rule_has_a_title()
    {
        Assert.All(RuleCatalog.BuiltIn(), r => Assert.False(string.IsNullOrWhiteSpace(r.Title), r.Code));
    }
}
