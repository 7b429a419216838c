package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The preload's work, which it runs with every failure dropped, done here where a failure shows. */
class PreloadTest {

  @Test
  void jacksonWarmUp_bindsEveryPartOfItsDocument() {
    Preload.Sample sample = Preload.warmJackson();

    assertEquals("a", sample.name);
    assertEquals(1, sample.count);
    assertEquals(0.5, sample.scale);
    assertEquals(Preload.Kind.FIRST, sample.kind);
    assertEquals(List.of(new Preload.Part("b")), sample.parts);
    assertEquals(Map.of("c", 2), sample.tags);
  }

  @Test
  void annotationProxies_areMadeForAnnotationsTheJvmKeepsAtRunTime() {
    assertEquals(Preload.ANNOTATIONS.size(), Preload.annotationProxies());
    for (Class<? extends java.lang.annotation.Annotation> type : Preload.ANNOTATIONS) {
      java.lang.annotation.Retention retention = type.getAnnotation(java.lang.annotation.Retention.class);
      assertEquals(java.lang.annotation.RetentionPolicy.RUNTIME, retention == null ? null : retention.value(),
          type + " is never read at run time: making its proxy class would be wasted");
    }
  }
}
